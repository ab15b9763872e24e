// Category reads are shared with the build: they live in db/queries/categories.ts.
export { allCategories as listCategories, categoryBySlug } from '../../../db/queries/categories.ts';
