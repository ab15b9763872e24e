import { expect, it } from 'vitest';

// The commonest unit test: a table of inputs and what a function makes of each. One test per
// row, named by `name` (Vitest's printf format over the row), each checking read(input) equals
// the row's expected value.

export function itMaps<I, O>(read: (input: I) => O, cases: readonly (readonly [I, O])[], name: string): void {
  it.each(cases.map(([input, expected]) => [input, expected] as [I, O]))(name, (input, expected) => {
    expect(read(input)).toEqual(expected);
  });
}
