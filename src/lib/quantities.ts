// Ingredient quantities: read the leading amount of a line
// ("1 1/2 cups", "2-3 cloves", "½ tsp", "1.5 kg"), scale it, and write it back the way a cook
// would: quarters and thirds as fractions, no float noise, never a positive amount shown as 0.
//
// Why no npm parser: numeric-quantity and format-quantity (tried first; both well kept) cost
// 4 KB gzip on every page with a recipe island, 5 % of the whole 80 KB page budget of which
// React takes 66 KB. What recipes need is small: five written forms of a number, and output
// that is always one of seven fractions because the amount is rounded to them first.

/** Unicode fraction characters ("vulgar fractions") a line may use. */
const VULGAR = '½¼¾⅓⅔⅛⅜⅝⅞⅕⅖⅗⅘⅙⅚⅐⅑⅒';

/**
 * One written number, most specific form first: mixed "1 1/2", mixed "1½"/"1 ½", fraction "3/4"
 * (also with the fraction slash ⁄), a lone "½", a decimal "1.5"/".5", an integer.
 */
export const NUMBER_PATTERN = `(?:\\d+\\s+\\d+[/⁄]\\d+|\\d+\\s?[${VULGAR}]|\\d+[/⁄]\\d+|[${VULGAR}]|\\d*\\.\\d+|\\d+)`;

/** What joins the two ends of a range: "2-3", "2–3", "2 — 3", "2 to 3". */
const RANGE_SEPARATOR = '\\s*[-–—]\\s*|\\s+to\\s+';

/**
 * A quantity at the start of a line. Not a quantity: a number glued to more digits, or a
 * size written with a hyphen ("9-inch pan": the pan does not get bigger with more servings).
 */
const LEADING_QUANTITY = new RegExp(
  `^(\\s*)(${NUMBER_PATTERN})(?:(${RANGE_SEPARATOR})(${NUMBER_PATTERN}))?(?![\\d/⁄.]|[-–][A-Za-z])`,
);

/** How the amount was written, so the scaled one reads the same way. */
export type QuantityStyle = 'fraction' | 'unicode' | 'decimal';

export interface LeadingQuantity {
  /** The amount, or the lower end of a range. */
  value: number;
  /** The upper end of a range ("2-3" → 3). */
  upper?: number;
  /** The range separator exactly as written ("-", " to "). */
  separator?: string;
  /** The quantity exactly as written, e.g. "1 1/2" or "2-3". */
  text: string;
  /** Whitespace before the quantity. */
  lead: string;
  /** Everything after the quantity, unchanged (usually " cups flour"). */
  rest: string;
  style: QuantityStyle;
}

const VULGAR_VALUES: Record<string, number> = {
  '½': 1 / 2,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
  '⅕': 1 / 5,
  '⅖': 2 / 5,
  '⅗': 3 / 5,
  '⅘': 4 / 5,
  '⅙': 1 / 6,
  '⅚': 5 / 6,
  '⅐': 1 / 7,
  '⅑': 1 / 9,
  '⅒': 1 / 10,
};
const MIXED = /^(\d+) (\d+)[/⁄](\d+)$/;
const WITH_VULGAR = new RegExp(`^(\\d*) ?([${VULGAR}])$`);
const FRACTION = /^(\d+)[/⁄](\d+)$/;
const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

/** The value of one written number ("1 1/2" → 1.5, "1½" → 1.5, "3/4", ".5"), or NaN. */
export function numberValue(text: string): number {
  const t = text.replace(/\s+/g, ' ').trim();
  let m = MIXED.exec(t);
  if (m) return Number(m[3]) > 0 ? Number(m[1]) + Number(m[2]) / Number(m[3]) : Number.NaN;
  m = WITH_VULGAR.exec(t);
  if (m) return Number(m[1] || 0) + (VULGAR_VALUES[m[2] ?? ''] ?? Number.NaN);
  m = FRACTION.exec(t);
  if (m) return Number(m[2]) > 0 ? Number(m[1]) / Number(m[2]) : Number.NaN;
  return DECIMAL.test(t) ? Number(t) : Number.NaN;
}

function styleOf(...parts: string[]): QuantityStyle {
  const text = parts.join(' ');
  if (text.includes('.')) return 'decimal';
  if (new RegExp(`[${VULGAR}]`).test(text)) return 'unicode';
  return 'fraction';
}

/** The leading quantity of an ingredient line, or null when the line starts with no number. */
export function parseLeadingQuantity(line: string): LeadingQuantity | null {
  const match = LEADING_QUANTITY.exec(line);
  if (!match) return null;
  const [whole, lead = '', first = '', separator, second] = match;
  const value = numberValue(first);
  if (!Number.isFinite(value)) return null;
  const parsed: LeadingQuantity = {
    value,
    text: whole.slice(lead.length),
    lead,
    rest: line.slice(whole.length),
    style: styleOf(first, second ?? ''),
  };
  if (second !== undefined && separator !== undefined) {
    const upper = numberValue(second);
    if (!Number.isFinite(upper)) return null;
    parsed.upper = upper;
    parsed.separator = separator;
  }
  return parsed;
}

/** Fractions a cook measures with, below one whole (eighths and sixteenths only for tiny amounts). */
const SMALL_FRACTIONS = [1 / 16, 1 / 8, 1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4, 1];
/** Fractional parts used with a whole number: quarters and thirds (nearest quarter; thirds kept as thirds). */
const PART_FRACTIONS = [0, 1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4, 1];

function nearest(value: number, candidates: readonly number[]): number {
  let best = candidates[0] ?? value;
  for (const c of candidates) if (Math.abs(c - value) < Math.abs(best - value)) best = c;
  return best;
}

/**
 * Rounds an amount the way it will be measured. Fraction style: below 1 the nearest of 1/16 …
 * 3/4 (a positive amount never becomes 0), from 1 the whole number plus the nearest quarter or
 * third, from 100 a whole number. Decimal style (metric units): the nearest quarter, from 10 a
 * whole number (a quarter gram is noise), from 100 the nearest 5 (533 g → 535 g), below 1/8 one
 * significant figure.
 */
export function roundAmount(value: number, style: QuantityStyle = 'fraction'): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  if (style === 'decimal') {
    if (value >= 100) return Math.round(value / 5) * 5;
    if (value >= 10) return Math.round(value);
    if (value < 0.125) return Number(value.toPrecision(1));
    return Math.round(value * 4) / 4;
  }
  if (value >= 100) return Math.round(value);
  if (value < 1) return nearest(value, SMALL_FRACTIONS);
  const whole = Math.floor(value);
  return whole + nearest(value - whole, PART_FRACTIONS);
}

/** The fractions roundAmount produces, as written in ASCII and as one character. */
const WRITTEN_FRACTIONS: [value: number, ascii: string, unicode: string][] = [
  [1 / 16, '1/16', '1/16'],
  [1 / 8, '1/8', '⅛'],
  [1 / 4, '1/4', '¼'],
  [1 / 3, '1/3', '⅓'],
  [1 / 2, '1/2', '½'],
  [2 / 3, '2/3', '⅔'],
  [3 / 4, '3/4', '¾'],
];

/** Writes an already rounded amount: "1 1/2", "1½" (unicode style), "0.75" (decimal style). */
export function formatAmount(value: number, style: QuantityStyle = 'fraction'): string {
  const plain = String(Number(value.toFixed(3)));
  if (style === 'decimal') return plain;
  const whole = Math.floor(value + 1e-9);
  const part = value - whole;
  if (part < 1e-6) return String(whole);
  const fraction = WRITTEN_FRACTIONS.find(([v]) => Math.abs(v - part) < 1e-6);
  if (!fraction) return plain;
  const text = style === 'unicode' ? fraction[2] : fraction[1];
  if (whole === 0) return text;
  return style === 'unicode' && text.length === 1 ? `${whole}${text}` : `${whole} ${text}`;
}

/** Rounds and writes an amount in one go. */
export function displayAmount(value: number, style: QuantityStyle = 'fraction'): string {
  return formatAmount(roundAmount(value, style), style);
}

/** Units written in the metric way take decimals ("0.75 kg", never "3/4 kg"). */
const METRIC_UNIT =
  /^\s?(?:g|kg|mg|ml|mL|cl|dl|l|L|grams?|grammes?|kilograms?|kilos?|millilit(?:re|er)s?|lit(?:re|er)s?)\b/;

/** Unit words (and a few whole foods) that change with the amount ("1 cup", "2 cups", "1 egg", "2 eggs"). */
const UNIT_PLURALS: Record<string, string> = {
  cup: 'cups',
  clove: 'cloves',
  can: 'cans',
  tin: 'tins',
  jar: 'jars',
  slice: 'slices',
  sprig: 'sprigs',
  stick: 'sticks',
  pinch: 'pinches',
  dash: 'dashes',
  handful: 'handfuls',
  bunch: 'bunches',
  tablespoon: 'tablespoons',
  teaspoon: 'teaspoons',
  pound: 'pounds',
  ounce: 'ounces',
  litre: 'litres',
  liter: 'liters',
  gram: 'grams',
  kilogram: 'kilograms',
  millilitre: 'millilitres',
  milliliter: 'milliliters',
  quart: 'quarts',
  pint: 'pints',
  gallon: 'gallons',
  piece: 'pieces',
  sheet: 'sheets',
  head: 'heads',
  stalk: 'stalks',
  leaf: 'leaves',
  sachet: 'sachets',
  packet: 'packets',
  block: 'blocks',
  drop: 'drops',
  knob: 'knobs',
  thumb: 'thumbs',
  cube: 'cubes',
  fillet: 'fillets',
  rasher: 'rashers',
  scoop: 'scoops',
  egg: 'eggs',
  onion: 'onions',
  lemon: 'lemons',
  lime: 'limes',
  orange: 'oranges',
  carrot: 'carrots',
  shallot: 'shallots',
  potato: 'potatoes',
  tomato: 'tomatoes',
  apple: 'apples',
  banana: 'bananas',
  tortilla: 'tortillas',
};
const UNIT_SINGULARS = Object.fromEntries(Object.entries(UNIT_PLURALS).map(([one, many]) => [many, one]));

/** "1 cup" ↔ "2 cups": the unit word right after the amount agrees with it. */
export function agreeUnit(rest: string, amount: number): string {
  return rest.replace(/^(\s+)([A-Za-z]+)\b/, (whole, space: string, word: string) => {
    const lower = word.toLowerCase();
    const swap = amount > 1 ? UNIT_PLURALS[lower] : UNIT_SINGULARS[lower];
    if (!swap) return whole;
    const cased = word[0] === word[0]?.toUpperCase() ? swap[0]!.toUpperCase() + swap.slice(1) : swap;
    return space + cased;
  });
}

/** The scale factor: chosen servings / original servings (1 when unknown). */
export function scaleFactor(servings: number, originalServings: number): number {
  if (!(servings > 0) || !(originalServings > 0)) return 1;
  return servings / originalServings;
}

/**
 * Scales the leading quantity of an ingredient line ("1 1/2 cups flour" × 2 → "3 cups flour").
 * Ranges scale at both ends; a line without a leading number, or a factor of 1, is returned as is.
 */
export function scaleIngredientLine(line: string, factor: number): string {
  if (factor === 1 || !(factor > 0) || !Number.isFinite(factor)) return line;
  const quantity = parseLeadingQuantity(line);
  if (!quantity) return line;
  const style: QuantityStyle = METRIC_UNIT.test(quantity.rest) ? 'decimal' : quantity.style;
  const low = roundAmount(quantity.value * factor, style);
  let text = formatAmount(low, style);
  let largest = low;
  if (quantity.upper !== undefined) {
    const high = roundAmount(quantity.upper * factor, style);
    if (high !== low) text += `${quantity.separator ?? '-'}${formatAmount(high, style)}`;
    largest = Math.max(low, high);
  }
  return quantity.lead + text + agreeUnit(quantity.rest, largest);
}
