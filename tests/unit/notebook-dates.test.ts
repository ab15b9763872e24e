import { describe, expect, it } from 'vitest';
import { addDays, cookedSentence, mondayOf, shortDay } from '../../src/lib/notebook-dates.ts';
import { itMaps } from '../helpers/table.ts';

describe('notebook dates', () => {
  itMaps(
    mondayOf,
    [
      ['2026-11-23', '2026-11-23'], // a Monday is its own week's start
      ['2026-11-27', '2026-11-23'], // Friday
      ['2026-11-29', '2026-11-23'], // Sunday belongs to the week before it
      ['2026-03-01', '2026-02-23'], // across a month
      ['2027-01-02', '2026-12-28'], // across a year
    ],
    'the week of %s starts on %s',
  );

  it.each([
    ['2026-10-24', 7, '2026-10-31'],
    ['2026-10-25', 1, '2026-10-26'], // the day summer time ends in Europe
    ['2026-03-29', -1, '2026-03-28'],
    ['2026-12-31', 1, '2027-01-01'],
  ])('%s plus %i days is %s', (day, by, expected) => {
    expect(addDays(day, by)).toBe(expected);
  });

  it.each([
    [0, null, 'You have not marked this as cooked yet.'],
    [1, '2026-11-12', 'You cooked this once, last on 12 Nov'],
    [2, '2026-11-12', 'You cooked this twice, last on 12 Nov'],
    [3, '2026-11-12', 'You cooked this 3 times, last on 12 Nov'],
    [3, '2025-11-12', 'You cooked this 3 times, last on 12 Nov 2025'],
  ])('%i times, last %s: %s', (count, lastOn, sentence) => {
    expect(cookedSentence(count, lastOn, '2026-11-27')).toBe(sentence);
  });

  it('writes the day short', () => {
    expect(shortDay('2026-01-05', '2026-11-27')).toBe('5 Jan');
  });
});
