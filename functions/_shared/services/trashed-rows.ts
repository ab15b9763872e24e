import type { Database } from '../../../db/schema.ts';

/** The rows of one table a delete moved into the trash, as they were, to be put back on restore. */
export interface TrashedRows {
  table: keyof Database & string;
  columns: string[];
  rows: Record<string, unknown>[];
}
