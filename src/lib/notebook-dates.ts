// Calendar days of the cook's notebook, as 'YYYY-MM-DD' in the cook's own time zone (a dinner
// cooked at 23:30 belongs to that evening, not to the next day in UTC).

/** The local calendar day of `date`. */
export function localDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A 'YYYY-MM-DD' day as a Date at local midnight. */
export function dayDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** 'YYYY-MM-DD' moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  const date = dayDate(day);
  date.setDate(date.getDate() + days);
  return localDay(date);
}

/** The Monday of the week holding `day` (weeks start on Monday). */
export function mondayOf(day: string): string {
  const weekday = (dayDate(day).getDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** '12 Nov' (with the year when it is not `today`'s year). */
export function shortDay(day: string, today: string = localDay()): string {
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return dayDate(day).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** "You cooked this 3 times, last on 12 Nov". */
export function cookedSentence(count: number, lastOn: string | null, today?: string): string {
  if (count === 0 || !lastOn) return 'You have not marked this as cooked yet.';
  const times = count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
  return `You cooked this ${times}, last on ${shortDay(lastOn, today)}`;
}
