import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  relatedIndex,
  relatedRecipes,
  type RankedForRelated as Rankable,
} from '../../src/lib/recipe-ranking.ts';

// The build ranks every recipe's related list in one pass (relatedIndex); it must give exactly
// what ranking each recipe against the whole catalogue gives (relatedRecipes, the API's order).

const recipe = fc.record({
  category: fc.constantFrom('soups', 'desserts', 'breakfast', 'salads'),
  tags: fc.array(fc.constantFrom('quick', 'vegan', 'spicy', 'easy', 'summer', 'kids'), { maxLength: 5 }),
  rating: fc.integer({ min: 0, max: 50 }),
});

function catalogueOf(rows: Omit<Rankable, 'id'>[]): Rankable[] {
  // Ids in a shuffled order, so the lowest-id tie-break is exercised.
  return rows.map((r, i) => ({ ...r, id: ((i * 7919) % 10007) + 1 }));
}

describe('related recipes ranked in one pass', () => {
  it('equal the one-by-one ranking for every recipe', () => {
    fc.assert(
      fc.property(
        fc.array(recipe, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        (rows, limit) => {
          const all = catalogueOf(rows);
          const index = relatedIndex(all, limit);
          for (const r of all) {
            expect(index.get(r.id)!.map((x) => x.id)).toEqual(relatedRecipes(r, all, limit).map((x) => x.id));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('put the same category first, then the most shared tags, then the best rated', () => {
    const all: Rankable[] = [
      { id: 1, category: 'soups', tags: ['quick', 'vegan'], rating: 30 },
      { id: 2, category: 'soups', tags: ['quick'], rating: 50 },
      { id: 3, category: 'soups', tags: ['quick', 'vegan'], rating: 10 },
      { id: 4, category: 'soups', tags: [], rating: 45 },
      { id: 5, category: 'desserts', tags: ['quick', 'vegan'], rating: 50 },
      { id: 6, category: 'soups', tags: ['vegan'], rating: 50 },
    ];
    expect(
      relatedIndex(all, 4)
        .get(1)!
        .map((r) => r.id),
    ).toEqual([3, 2, 6, 4]);
    expect(
      relatedIndex(all, 5)
        .get(1)!
        .map((r) => r.id),
    ).toEqual([3, 2, 6, 4, 5]);
    expect(
      relatedIndex(all, 4)
        .get(5)!
        .map((r) => r.id),
    ).toEqual([1, 3, 2, 6]);
  });
});
