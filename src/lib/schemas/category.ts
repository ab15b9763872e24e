import * as v from 'valibot';

// Recipe categories (SPEC §3 "Category"). The public shape lives here; the admin's write input
// (CategoryInputSchema) belongs beside it.

/** A category as the API returns it and pages render it. */
export const CategorySchema = v.object({
  id: v.number(),
  name: v.string(),
  slug: v.string(),
  description: v.string(),
  image: v.nullable(v.string()),
  /** How many recipes it holds (lists and pages have it; a bare row does not). */
  recipeCount: v.optional(v.number()),
});
export type Category = v.InferOutput<typeof CategorySchema>;
