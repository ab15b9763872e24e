import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { IdParam, limitParam, OffsetParam } from '../../functions/_shared/params.ts';
import { toPrefixTsQuery } from '../../functions/_shared/services/recipe-search.ts';
import { itMaps } from '../helpers/table.ts';

// Each query and path parameter schema: the text it is given → the number it reads, or null
// when it refuses the text.
describe.each<[string, v.GenericSchema<unknown, number>, [string | undefined, number | null][]]>([
  [
    'IdParam',
    IdParam,
    [
      ['1', 1],
      ['42', 42],
      ['2147483647', 2147483647],
      ['0', null],
      ['-1', null],
      ['01', null],
      ['1.5', null],
      ['1e3', null],
      ['12abc', null],
      ['', null],
      ['2147483648', null],
      [' 1', null],
    ],
  ],
  [
    'limitParam(8, 100)',
    limitParam(8, 100),
    [
      [undefined, 8],
      ['5', 5],
      ['0', 1],
      ['100', 100],
      ['101', 100],
      ['999999', 100],
      ['-1', null],
      ['abc', null],
      ['1.5', null],
      ['1234567', null],
    ],
  ],
  [
    'OffsetParam',
    OffsetParam,
    [
      [undefined, 0],
      ['16', 16],
      ['100000', 100000],
      ['100001', null],
      ['-8', null],
    ],
  ],
])('%s', (_name, schema, cases) => {
  it.each(cases)('%j → %j', (input, expected) => {
    const result = v.safeParse(schema, input);
    expect(result.success ? result.output : null).toBe(expected);
  });
});

describe('toPrefixTsQuery', () => {
  itMaps(
    toPrefixTsQuery,
    [
      ['chicken', 'chicken:*'],
      ['Lemon Chicken', 'lemon & chicken:*'],
      ["'; DROP TABLE x; --", 'drop & table & x:*'],
      ['a & | ! ( ) :*', 'a:*'],
      ['crème brûlée', 'crème & brûlée:*'],
      ['   ', undefined],
      ['!!!', undefined],
    ],
    '%j → %j',
  );
});
