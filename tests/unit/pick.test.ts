import { describe, expect, it } from 'vitest';
import { pick } from '../../src/lib/pick.ts';

// pick keeps only the named fields, and leaves out a named field the record lacks.

describe('pick', () => {
  const record: { id: number; title: string; notes?: string } = { id: 7, title: 'Soup' };
  it.each([
    [['id'] as const, { id: 7 }],
    [['id', 'title'] as const, { id: 7, title: 'Soup' }],
    [['notes'] as const, {}],
    [[] as const, {}],
  ])('%j', (keys, expected) => {
    expect(pick(record, keys)).toEqual(expected);
  });
});
