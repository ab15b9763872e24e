// Cooking mode offers a timer when a step mentions a duration. The timer is named by
// the cooking verb of the step (cook, bake, simmer, boil, rest, chill, marinate, roast, grill,
// steam), else 'Timer'.

/** The verbs a timer is named by, in the order they are tried. */
export const TIMER_VERBS = [
  'cook',
  'bake',
  'simmer',
  'boil',
  'rest',
  'chill',
  'marinate',
  'roast',
  'grill',
  'steam',
] as const;

export interface StepTimer {
  /** 'Simmer', 'Bake', … or 'Timer'. */
  name: string;
  minutes: number;
}

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  'forty-five': 45,
  fifty: 50,
  sixty: 60,
  ninety: 90,
};

/** Fractions a duration may use ("1½ hours", "1 1/2 hours"). Kept here, apart from quantities.ts, so
 * cooking mode's step view does not load the ingredient-scaling code. */
const FRACTION_CHARS: Record<string, number> = { '½': 1 / 2, '¼': 1 / 4, '¾': 3 / 4, '⅓': 1 / 3, '⅔': 2 / 3 };
const NUMBER = '\\d+(?:\\.\\d+)?(?: ?[½¼¾⅓⅔]| \\d+/\\d+)?|\\d+/\\d+|[½¼¾⅓⅔]';
const AMOUNT = `(?:${NUMBER}|${Object.keys(WORD_NUMBERS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;

/** "1½" → 1.5, "1 1/2" → 1.5, "3/4" → 0.75, "90" → 90; NaN for anything else. */
function numberOf(text: string): number {
  const t = text.trim();
  const fraction = /^(\d+)\/(\d+)$/.exec(t);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const m = /^(\d+(?:\.\d+)?)? ?(?:([½¼¾⅓⅔])|(\d+)\/(\d+))?$/.exec(t);
  if (!m || (m[1] === undefined && m[2] === undefined)) return Number.NaN;
  const part = m[2] ? (FRACTION_CHARS[m[2]] ?? 0) : m[3] ? Number(m[3]) / Number(m[4]) : 0;
  return Number(m[1] ?? 0) + part;
}
const RANGE = `(${AMOUNT})(?:\\s*(?:-|–|—|to|or)\\s*(${AMOUNT}))?`;
const HOURS = `${RANGE}\\s*(?:hours?|hrs?|h)\\b`;
const MINUTES = `${RANGE}\\s*(?:minutes?|mins?)\\b`;

/** "1 hour 15 minutes", "1½ hours", "25-30 minutes", "an hour and a half", "half an hour". */
const DURATION = new RegExp(
  `(?<![\\w.])(?:(half\\s+an\\s+hour)|${HOURS}(?:\\s*(and\\s+a\\s+half))?(?:\\s*(?:and|,)?\\s*${MINUTES})?|${MINUTES})`,
  'i',
);

function amount(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const word = WORD_NUMBERS[text.toLowerCase()];
  if (word !== undefined) return word;
  const value = numberOf(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The duration a step mentions, in whole minutes, or null. For a range ("bake 25-30 minutes") it
 * takes the LOWER bound: the cook checks for doneness at the earliest time and can add more,
 * while an overdone dish cannot be undone.
 */
export function stepMinutes(text: string): number | null {
  const m = DURATION.exec(text);
  if (!m) return null;
  const [, halfHour, hours, , andAHalf, hourMinutes, , minutesOnly] = m;
  let total: number | undefined;
  if (halfHour) total = 30;
  else if (hours !== undefined)
    total = (amount(hours) ?? 0) * 60 + (andAHalf ? 30 : 0) + (amount(hourMinutes) ?? 0);
  else total = amount(minutesOnly);
  if (total === undefined || !(total > 0)) return null;
  return Math.max(1, Math.round(total));
}

/** Each verb with the forms a step may use ("bakes", "baked", "baking"). */
const VERB_FORMS = new RegExp(
  `\\b(cook(?:s|ed|ing)?|bak(?:e|es|ed|ing)|simmer(?:s|ed|ing)?|boil(?:s|ed|ing)?|rest(?:s|ed|ing)?|chill(?:s|ed|ing)?|marinat(?:e|es|ed|ing)|roast(?:s|ed|ing)?|grill(?:s|ed|ing)?|steam(?:s|ed|ing)?)\\b`,
  'gi',
);

function verbOf(form: string): string {
  const lower = form.toLowerCase();
  const verb =
    TIMER_VERBS.find((v) => lower.startsWith(v.slice(0, -1)) && (lower.startsWith(v) || v.endsWith('e'))) ??
    'timer';
  return verb[0]!.toUpperCase() + verb.slice(1);
}

/**
 * The timer's name: the cooking verb nearest before the duration ("brown the meat, then simmer
 * for 10 minutes" → Simmer), else the first one after it, else 'Timer'.
 */
export function timerName(text: string, durationIndex = text.length): string {
  const verbs = [...text.matchAll(VERB_FORMS)];
  const before = verbs.filter((m) => m.index < durationIndex).at(-1);
  const chosen = before ?? verbs[0];
  return chosen ? verbOf(chosen[1] ?? '') : 'Timer';
}

/** The timer a step suggests, or null when it mentions no duration. */
export function detectStepTimer(text: string): StepTimer | null {
  const minutes = stepMinutes(text);
  if (minutes === null) return null;
  const index = DURATION.exec(text)?.index ?? text.length;
  return { name: timerName(text, index), minutes };
}
