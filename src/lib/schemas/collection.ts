import * as v from 'valibot';
import { MAX_ID, wholeNumber } from './fields.ts';
import { objectMessage } from './messages.ts';

// A cook's named collections of saved recipes: the payloads and the answer.

export const COLLECTION_LIMITS = {
  /** Collections one cook may keep. */
  perUser: 100,
  nameLength: 60,
} as const;

const CollectionName = v.pipe(
  v.string('Please give the collection a name'),
  v.trim(),
  // One space between words, so "Weeknight  dinners" and "Weeknight dinners" are the same name.
  v.transform((name) => name.replace(/\s+/g, ' ')),
  v.nonEmpty('Please give the collection a name'),
  v.maxLength(
    COLLECTION_LIMITS.nameLength,
    `Collection names are limited to ${COLLECTION_LIMITS.nameLength} characters`,
  ),
);

const RecipeId = wholeNumber('recipeId must be a recipe id', 1, MAX_ID);

/** POST /api/collections: a new collection, and (from a recipe's Save control) its first recipe. */
export const CreateCollectionInputSchema = v.object(
  { name: CollectionName, recipeId: v.optional(RecipeId) },
  objectMessage({ name: 'Please give the collection a name' }),
);

/** PATCH /api/collections/{id}: rename. */
export const RenameCollectionInputSchema = v.object(
  { name: CollectionName },
  objectMessage({ name: 'Please give the collection a name' }),
);

/** PUT /api/collections/order: every one of the cook's collection ids, in the new order. */
export const ReorderCollectionsInputSchema = v.object(
  {
    ids: v.pipe(
      v.array(
        v.pipe(v.number('ids must be collection ids'), v.integer('ids must be collection ids')),
        'ids must be a list of collection ids',
      ),
      v.maxLength(COLLECTION_LIMITS.perUser, `At most ${COLLECTION_LIMITS.perUser} collections`),
    ),
  },
  objectMessage({ ids: 'ids must be a list of collection ids' }),
);

export type CreateCollectionInput = v.InferInput<typeof CreateCollectionInputSchema>;
export type RenameCollectionInput = v.InferInput<typeof RenameCollectionInputSchema>;

/** A collection as the API returns it. */
export const CollectionSchema = v.object({
  id: v.number(),
  name: v.string(),
  position: v.number(),
  recipeCount: v.number(),
});
export type Collection = v.InferOutput<typeof CollectionSchema>;
