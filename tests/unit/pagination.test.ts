import { describe, expect, it } from 'vitest';
import {
  firstItemNumber,
  lastItemNumber,
  nextPath,
  pageCount,
  pageDescription,
  pageHead,
  pageItems,
  pageNumbers,
  pagePath,
  pageTitle,
  prevPath,
  type PageInfo,
} from '../../src/lib/pagination.ts';

describe('numbered list pages', () => {
  it.each([
    [0, 24, 1],
    [1, 24, 1],
    [24, 24, 1],
    [25, 24, 2],
    [50, 24, 3],
    [10_000, 24, 417],
  ])('%i items at %i a page fill %i page(s)', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  it.each([
    ['/category/desserts', 1, '/category/desserts'],
    ['/category/desserts', 2, '/category/desserts/page/2'],
    ['/blog', 7, '/blog/page/7'],
  ])('page of %s number %i is at %s (never /page/1)', (base, n, expected) => {
    expect(pagePath(base, n)).toBe(expected);
  });

  it('cuts pages, numbers their items and links the neighbours', () => {
    const items = Array.from({ length: 50 }, (_, i) => i + 1);
    expect(pageItems(items, 1, 24)).toHaveLength(24);
    expect(pageItems(items, 3, 24)).toEqual([49, 50]);
    expect(pageItems(items, 4, 24)).toEqual([]);
    const page = (current: number): PageInfo => ({ current, count: 3, size: 24, total: 50, base: '/c' });
    expect([firstItemNumber(page(2)), lastItemNumber(page(2))]).toEqual([25, 48]);
    expect([firstItemNumber(page(3)), lastItemNumber(page(3))]).toEqual([49, 50]);
    expect([prevPath(page(1)), nextPath(page(1))]).toEqual([undefined, '/c/page/2']);
    expect([prevPath(page(2)), nextPath(page(2))]).toEqual(['/c', '/c/page/3']);
    expect([prevPath(page(3)), nextPath(page(3))]).toEqual(['/c/page/2', undefined]);
  });

  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [2, 3, [1, 2, 3]],
    [1, 7, [1, 2, 'gap', 7]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [5, 20, [1, 'gap', 4, 5, 6, 'gap', 20]],
    [3, 20, [1, 2, 3, 4, 'gap', 20]],
    [20, 20, [1, 'gap', 19, 20]],
  ])('page %i of %i shows %j', (current, count, expected) => {
    expect(pageNumbers(current, count)).toEqual(expected);
  });

  it.each([
    ['Desserts Recipes', 'Sweet things.', 1, 3, 'Desserts Recipes', 'Sweet things.'],
    ['Desserts Recipes', 'Sweet things.', 2, 3, 'Desserts Recipes – Page 2', 'Sweet things. Page 2 of 3.'],
    ['Blog', 'Notes from the kitchen', 3, 3, 'Blog – Page 3', 'Notes from the kitchen. Page 3 of 3.'],
  ])('%s page %i: title and description', (title, description, n, count, wantTitle, wantDescription) => {
    expect(pageTitle(title, n)).toBe(wantTitle);
    expect(pageDescription(description, n, count)).toBe(wantDescription);
  });

  it.each([
    [1, { title: 'Soups', description: 'Warm bowls.', prevPath: undefined, nextPath: '/c/page/2' }],
    [
      3,
      {
        title: 'Soups – Page 3',
        description: 'Warm bowls. Page 3 of 3.',
        prevPath: '/c/page/2',
        nextPath: undefined,
      },
    ],
  ])('the head of page %i', (current, expected) => {
    const page: PageInfo = { current, count: 3, size: 24, total: 50, base: '/c' };
    expect(pageHead(page, 'Soups', 'Warm bowls.')).toEqual(expected);
  });
});
