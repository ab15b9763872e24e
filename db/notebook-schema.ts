import type { ColumnType, Generated } from 'kysely';
import type { MealType } from '../src/lib/schemas/calorie-entry.ts';

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

/** A recipe on a day and meal of the cook's plan. */
export interface PlanEntriesTable {
  id: Generated<number>;
  user_id: number;
  recipe_id: number;
  day: ColumnType<string, string, string>;
  meal: MealType;
  servings: number;
  created_at: Timestamp;
}

/** What one plan entry put on one shopping-list line. */
export interface PlanListItemsTable {
  plan_entry_id: number;
  shopping_item_id: number;
  merge_key: string;
  /** numeric comes back as text from the drivers. */
  amount: ColumnType<string | null, number | null, number | null>;
  created_line: boolean;
}

export interface NotebookTables {
  collections: CollectionsTable;
  collection_recipes: CollectionRecipesTable;
  recipe_notes: RecipeNotesTable;
  cooking_log: CookingLogTable;
  plan_entries: PlanEntriesTable;
  plan_list_items: PlanListItemsTable;
}
