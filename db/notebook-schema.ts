import type { ColumnType, Generated } from 'kysely';

// The cook's notebook tables: what a signed-in cook keeps for themselves (collections, notes,
// cooking log, meal plan). Every row belongs to one user and goes with their account.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A named group of one cook's recipes. */
export interface CollectionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The cook's own order, 0 first. */
  position: number;
  created_at: Timestamp;
}

export interface CollectionRecipesTable {
  collection_id: number;
  recipe_id: number;
  added_at: Timestamp;
}

/** A cook's private note on a recipe. */
export interface RecipeNotesTable {
  user_id: number;
  recipe_id: number;
  body: string;
  updated_at: Timestamp;
}

/** One time a cook cooked a recipe. */
export interface CookingLogTable {
  id: Generated<number>;
  user_id: number;
  recipe_id: number;
  /** The calendar day, as the cook's own date ('YYYY-MM-DD'). */
  cooked_on: ColumnType<string, string, string>;
  servings: number | null;
  created_at: Timestamp;
}

export interface NotebookTables {
  collections: CollectionsTable;
  collection_recipes: CollectionRecipesTable;
  recipe_notes: RecipeNotesTable;
  cooking_log: CookingLogTable;
}
