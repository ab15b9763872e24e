import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  searchQueries,
  searchRecipes,
  type SearchQuery,
} from '../../functions/_shared/services/recipe-search.ts';
import { databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';
import { nodesOf, type PlanNode } from '../helpers/query-plans.ts';
import { NO_FILTERS } from '../../src/lib/recipe-filters.ts';
import { pantryCandidates } from '../../functions/_shared/services/recipe-filters.ts';

// Each shape of search reads through its index, never the whole recipes table: the
// plans come from EXPLAIN of the very queries the service builds (searchQueries), over a
// catalogue grown to about 10,000 recipes (the size the search latency target is set for) so the
// planner has a reason to choose.

/** Copies of the seeded recipes (numbered slugs and titles) until the table holds `copies`× it. */
const GROW_COPIES = 80;
const COPIES_PER_INSERT = 4;

describe.skipIf(!databaseAvailable)(`search plans on ${engine}`, () => {
  const db = useTestDatabase();

  beforeAll(async () => {
    // A few copies per statement: the Postgres driver gives up on a query after 10 s.
    for (let from = 1; from <= GROW_COPIES; from += COPIES_PER_INSERT) {
      await sql`
        INSERT INTO recipes (slug, title, description, summary, image, category, cuisine, prep_time,
          cook_time, total_time, servings, difficulty, calories, nutrition, ingredients, instructions,
          tags, faqs, rating, review_count, created_at, updated_at, diets, diets_by_hand, diet_rules)
        SELECT r.slug || '-copy-' || g, left(r.title, 180) || ' ' || g, r.description, r.summary, r.image,
          r.category, r.cuisine, r.prep_time, r.cook_time, r.total_time, r.servings, r.difficulty,
          r.calories, r.nutrition, r.ingredients, r.instructions, r.tags, r.faqs, (r.id + g) % 51,
          g % 7, r.created_at - make_interval(days => g), r.updated_at, r.diets, r.diets_by_hand, r.diet_rules
        FROM recipes r CROSS JOIN generate_series(${from}::int, ${from + COPIES_PER_INSERT - 1}::int) g
        WHERE r.slug NOT LIKE '%-copy-%'`.execute(db());
    }
    await sql`ANALYZE recipes`.execute(db());
  }, 600_000);

  /** A category and a cuisine the seeded catalogue has. */
  async function someFilters(): Promise<{ category: string; cuisine: string }> {
    const row = await db()
      .selectFrom('recipes')
      .select(['category', 'cuisine'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { category: row.category, cuisine: row.cuisine.toLowerCase() };
  }

  const shapes: [
    string,
    (f: { category: string; cuisine: string }) => SearchQuery,
    'browse' | 'exact' | 'corrected',
    string,
  ][] = [
    ['words', () => ({ q: 'mascarpone', limit: 20 }), 'exact', 'recipes_search_vector_idx'],
    ['a common word', () => ({ q: 'chicken', limit: 20 }), 'exact', 'recipes_search_vector_idx'],
    [
      'words and a category',
      (f) => ({ q: 'chicken', category: f.category, limit: 20 }),
      'exact',
      'recipes_search_vector_idx',
    ],
    [
      'words and a cuisine',
      (f) => ({ q: 'chicken', cuisine: f.cuisine, limit: 20 }),
      'exact',
      'recipes_search_vector_idx',
    ],
    [
      'a corrected typo and a category',
      (f) => ({ q: 'choclate', category: f.category, limit: 20 }),
      'corrected',
      'recipes_search_vector_idx',
    ],
    [
      'a category only',
      (f) => ({ q: '', category: f.category, limit: 20 }),
      'browse',
      'recipes_category_rating_idx',
    ],
    [
      'a cuisine only',
      (f) => ({ q: '', cuisine: f.cuisine, limit: 20 }),
      'browse',
      'recipes_cuisine_rating_idx',
    ],
  ];

  it.each(shapes)('%s reads through its index', async (_name, makeQuery, part, index) => {
    const queries = searchQueries(db(), makeQuery(await someFilters()));
    const builder = part === 'corrected' ? queries.ranked('chocolate:*', [1, 2]) : queries[part];
    expect(builder, `the ${part} query`).toBeDefined();
    const [row] = await builder!.explain('json');
    const plan = (row!['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan;
    const nodes = nodesOf(plan);
    expect(nodes.map((n) => n['Index Name']).filter(Boolean)).toContain(index);
    const seqScans = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'recipes');
    expect(seqScans, JSON.stringify(plan, null, 1)).toEqual([]);
  });

  it('a typo is corrected from the small table of known words, never by reading the recipes', async () => {
    const { nearestTerms } = searchQueries(db(), { q: 'chiken choclate', limit: 20 });
    const explained = await sql<{
      'QUERY PLAN': [{ Plan: PlanNode }];
    }>`EXPLAIN (FORMAT JSON) ${nearestTerms(['chiken', 'choclate'])}`.execute(db());
    const relations = nodesOf(explained.rows[0]!['QUERY PLAN'][0].Plan)
      .map((n) => n['Relation Name'])
      .filter(Boolean);
    expect(relations).toContain('search_terms');
    expect(relations).not.toContain('recipes');
  });

  it('the typo and browse queries still find what they should on the grown catalogue', async () => {
    const f = await someFilters();
    const typo = await searchRecipes(db(), { q: 'chiken', limit: 5 });
    expect(typo.length).toBeGreaterThan(0);
    expect(typo.every((r) => /chicken/i.test(`${r.title} ${r.description} ${r.tags.join(' ')}`))).toBe(true);
    const browse = await searchQueries(db(), { q: '', category: f.category, limit: 5 }).browse.execute();
    expect(browse.map((r) => r.category)).toEqual(Array(5).fill(f.category));
    const ratings = browse.map((r) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  // The filters: each reads through an index, none reads the whole table. Diets and ingredients
  // are columns computed when a recipe is written (diets, ingredient_words), with GIN indexes.
  // Where a filter keeps many recipes, reading the rating order and skipping the misfits is the
  // cheaper plan (the planner's choice): either index passes, a full scan does not.
  const filtered: [string, SearchQuery, 'browse' | 'exact' | 'scoped', string[]][] = [
    [
      'a diet',
      { q: '', limit: 20, filters: { ...NO_FILTERS, diets: ['vegan'] } },
      'browse',
      ['recipes_diets_idx', 'recipes_featured_idx'],
    ],
    [
      'words, a diet and a time',
      { q: 'salad', limit: 20, filters: { ...NO_FILTERS, maxTime: 30, diets: ['vegetarian'] } },
      'exact',
      ['recipes_search_vector_idx'],
    ],
    [
      'words without an ingredient',
      { q: 'chicken', limit: 20, filters: { ...NO_FILTERS, exclude: ['mushrooms'] } },
      'exact',
      ['recipes_search_vector_idx'],
    ],
    [
      'a time',
      { q: '', limit: 20, filters: { ...NO_FILTERS, maxTime: 15 } },
      'browse',
      ['recipes_featured_idx'],
    ],
    [
      'a diet without an ingredient',
      { q: '', limit: 20, filters: { ...NO_FILTERS, diets: ['vegetarian'], exclude: ['mushrooms'] } },
      'browse',
      ['recipes_diets_idx', 'recipes_featured_idx'],
    ],
    [
      'cook with what I have',
      { q: '', limit: 20, filters: { ...NO_FILTERS, have: ['eggs', 'spinach', 'feta'] } },
      'scoped',
      ['recipes_ingredient_words_idx', 'recipes_featured_idx'],
    ],
    [
      'words and what I have',
      { q: 'salad', limit: 20, filters: { ...NO_FILTERS, have: ['eggs', 'feta'] } },
      'scoped',
      ['recipes_ingredient_words_idx', 'recipes_search_vector_idx'],
    ],
  ];
  it.each(filtered)('%s reads through its index', async (_name, query, part, indexes) => {
    const queries = searchQueries(db(), query);
    const builder =
      part === 'scoped'
        ? pantryCandidates(db(), queries.scoped(), query.filters!.have, query.limit)
        : queries[part];
    expect(builder, `the ${part} query`).toBeDefined();
    const [row] = await builder!.explain('json');
    const plan = (row!['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan;
    const nodes = nodesOf(plan);
    console.info(`${_name}: ${nodes.map((n) => n['Index Name'] ?? n['Node Type']).join(' > ')}`);
    const used = nodes.map((n) => n['Index Name']).filter(Boolean);
    expect(
      used.some((name) => indexes.includes(name!)),
      `${used.join(', ')} among ${indexes.join(', ')}`,
    ).toBe(true);
    const seqScans = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'recipes');
    expect(seqScans, JSON.stringify(plan, null, 1)).toEqual([]);
  });

  it('the filters answer what they say on the grown catalogue', async () => {
    const vegan = await searchRecipes(db(), {
      q: '',
      limit: 50,
      filters: { ...NO_FILTERS, diets: ['vegan'] },
    });
    expect(vegan.length).toBeGreaterThan(0);
    const quick = await searchRecipes(db(), {
      q: 'chicken',
      limit: 50,
      filters: { ...NO_FILTERS, maxTime: 30 },
    });
    expect(quick.every((r) => r.totalTime <= 30)).toBe(true);
    const noMushrooms = await searchQueries(db(), {
      q: '',
      limit: 500,
      filters: { ...NO_FILTERS, exclude: ['mushrooms'] },
    })
      .scoped()
      .select(['recipes.id', 'recipes.ingredients'])
      .execute();
    expect(noMushrooms.length).toBeGreaterThan(0);
    expect(noMushrooms.every((r) => !/mushroom/i.test(JSON.stringify(r.ingredients)))).toBe(true);
    const have = await searchRecipes(db(), {
      q: '',
      limit: 10,
      filters: { ...NO_FILTERS, have: ['eggs', 'butter', 'flour'] },
    });
    expect(have.length).toBe(10);
    const counts = have.map((r) => r.pantry!.have);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThanOrEqual(3);
  });

  // Sequential, as the API latency target is stated: each shape's p95 is printed, the target
  // (20 ms at 10,000 recipes) is the bench's to report (npm run bench), this machine's load is not
  // a CI runner's; the bound here only catches a plan gone wrong (a full read per search).
  const timed: [string, SearchQuery][] = [
    [
      'words, a time and a diet',
      { q: 'chicken', limit: 48, filters: { ...NO_FILTERS, maxTime: 45, diets: ['dairy-free'] } },
    ],
    [
      'a diet without an ingredient',
      { q: '', limit: 48, filters: { ...NO_FILTERS, diets: ['vegetarian'], exclude: ['mushrooms'] } },
    ],
    [
      'cook with what I have',
      { q: '', limit: 48, filters: { ...NO_FILTERS, have: ['eggs', 'rice', 'spinach'] } },
    ],
    [
      'words without an ingredient',
      { q: 'pasta', limit: 48, filters: { ...NO_FILTERS, exclude: ['cream'] } },
    ],
    ['a time', { q: '', limit: 48, filters: { ...NO_FILTERS, maxTime: 15 } }],
    ['words and what I have', { q: 'salad', limit: 48, filters: { ...NO_FILTERS, have: ['eggs', 'feta'] } }],
  ];
  it('times each filtered search shape (p95 over 20 runs each, printed)', async () => {
    const recipes = (
      await db()
        .selectFrom('recipes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    for (const [name, query] of timed) {
      await searchRecipes(db(), query);
      const runs: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await searchRecipes(db(), query);
        runs.push(performance.now() - started);
      }
      runs.sort((a, b) => a - b);
      const p95 = runs[Math.ceil(runs.length * 0.95) - 1]!;
      console.info(
        `${name} on ${engine}, ${Number(recipes)} recipes: p50 ${runs[9]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
      );
      expect(p95, name).toBeLessThan(1000);
    }
  });
});
