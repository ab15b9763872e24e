// The recipe service, split by job: reads (recipe-reads.ts), search (recipe-search.ts) and
// writes (recipe-writes.ts). New code imports from those modules; this one re-exports them so
// imports written against the single module keep working until they move.
export * from './recipe-reads.ts';
export * from './recipe-search.ts';
export * from './recipe-writes.ts';
