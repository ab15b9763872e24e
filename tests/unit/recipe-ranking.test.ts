import { describe, expect, it } from 'vitest';
import { featuredOrder, relatedRecipes, type RankedForRelated } from '../../src/lib/recipe-ranking.ts';

const r = (id: number, category: string, tags: string[], rating: number): RankedForRelated => ({
  id,
  category,
  tags,
  rating,
});

describe('featured order', () => {
  it('ranks by rating, then reviews, then newest, then highest id', () => {
    const list = [
      { id: 1, rating: 4, reviewCount: 9, createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 2, rating: 5, reviewCount: 1, createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 3, rating: 4, reviewCount: 9, createdAt: '2026-02-01T00:00:00.000Z' },
      { id: 4, rating: 4, reviewCount: 10, createdAt: '2025-01-01T00:00:00.000Z' },
      { id: 5, rating: 4, reviewCount: 9, createdAt: '2026-01-01T00:00:00.000Z' },
    ];
    expect(featuredOrder(list).map((x) => x.id)).toEqual([2, 4, 3, 5, 1]);
    expect(list.map((x) => x.id)).toEqual([1, 2, 3, 4, 5]); // a copy, the input untouched
  });
});

describe('related recipes', () => {
  const soup = r(1, 'soups', ['quick', 'vegan'], 3);
  it.each<[string, RankedForRelated[], number[]]>([
    ['never the recipe itself', [soup, r(2, 'soups', [], 1)], [2]],
    [
      'same category before shared tags',
      [r(2, 'mains', ['quick', 'vegan'], 5), r(3, 'soups', [], 1)],
      [3, 2],
    ],
    ['more shared tags first', [r(2, 'mains', ['quick'], 5), r(3, 'mains', ['quick', 'vegan'], 1)], [3, 2]],
    [
      'then best rated, then lowest id',
      [r(4, 'mains', [], 2), r(3, 'mains', [], 2), r(2, 'mains', [], 5)],
      [2, 3, 4],
    ],
    ['a tag counts once', [r(2, 'mains', ['quick', 'quick'], 1), r(3, 'mains', ['vegan'], 2)], [3, 2]],
  ])('%s', (_name, candidates, ids) => {
    expect(relatedRecipes(soup, candidates).map((x) => x.id)).toEqual(ids);
  });

  it('stops at the limit', () => {
    const many = Array.from({ length: 9 }, (_, i) => r(i + 2, 'mains', [], i));
    expect(relatedRecipes(soup, many, 3)).toHaveLength(3);
  });
});
