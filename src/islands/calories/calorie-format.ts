import type { MealType } from '../../lib/schemas/calorie-entry.ts';
import { localDate } from '../../stores/calories.ts';

// How the calorie tracker names meals and days.

export const MEAL_LABELS: Record<MealType, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snack',
};

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "today", or "Sunday, November 22, 2026" for a YYYY-MM-DD day. */
export function formatDay(date: string, today: string = localDate()): string {
  if (date === today) return 'today';
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayFormat.format(parsed);
}

/** "today", or "on Sunday, November 22, 2026": the day in a sentence. */
export function onDay(date: string, today: string = localDate()): string {
  const day = formatDay(date, today);
  return day === 'today' ? day : `on ${day}`;
}
