import {
  displayAmount,
  NUMBER_PATTERN,
  numberValue,
  roundAmount,
  formatAmount,
  scaleIngredientLine,
} from './quantities.ts';

// Two kinds of conversion: the kitchen helper's converters (any unit to any unit of
// the same kind, 3 decimals; temperature with 2 decimals), and the recipe-wide US ⇄ metric
// display toggle, which rewrites amounts in an ingredient line and temperatures in step text for
// display only (the stored recipe is never changed) and never crosses dimensions (no cups↔grams).

// ---------------------------------------------------------------------------------------------
// Kitchen helper converters

/** Millilitres in one unit (US customary measures). */
export const VOLUME_ML = {
  ml: 1,
  l: 1000,
  cups: 236.5882365,
  tbsp: 14.78676478125,
  tsp: 4.92892159375,
  'fl-oz': 29.5735295625,
  pint: 473.176473,
  quart: 946.352946,
  gallon: 3785.411784,
} as const;

/** Grams in one unit. */
export const WEIGHT_G = { g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237 } as const;

export type VolumeUnit = keyof typeof VOLUME_ML;
export type WeightUnit = keyof typeof WEIGHT_G;
export type MeasureUnit = VolumeUnit | WeightUnit;
export type TemperatureUnit = 'celsius' | 'fahrenheit' | 'kelvin';

export const VOLUME_UNITS = Object.keys(VOLUME_ML) as VolumeUnit[];
export const WEIGHT_UNITS = Object.keys(WEIGHT_G) as WeightUnit[];
export const TEMPERATURE_UNITS: readonly TemperatureUnit[] = ['celsius', 'fahrenheit', 'kelvin'];

/** A typed number ("2", "-3.5", ".5", "1 1/2", "½"), or null when it is not one. */
export function readNumber(input: string): number | null {
  const text = input.trim();
  if (text === '') return null;
  if (/^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i.test(text)) return Number(text);
  if (!new RegExp(`^${NUMBER_PATTERN}$`).test(text)) return null;
  const value = numberValue(text);
  return Number.isFinite(value) ? value : null;
}

function unitKind(unit: MeasureUnit): 'volume' | 'weight' {
  return unit in VOLUME_ML ? 'volume' : 'weight';
}

/** The converter of the kitchen helper: "" for non-numeric input or units of different kinds. */
export function convertMeasure(input: string, from: MeasureUnit, to: MeasureUnit): string {
  const value = readNumber(input);
  if (value === null || unitKind(from) !== unitKind(to)) return '';
  const base = unitKind(from) === 'volume' ? VOLUME_ML : WEIGHT_G;
  const result = (value * (base as Record<string, number>)[from]!) / (base as Record<string, number>)[to]!;
  return result.toFixed(3);
}

function toCelsius(value: number, from: TemperatureUnit): number {
  if (from === 'fahrenheit') return ((value - 32) * 5) / 9;
  if (from === 'kelvin') return value - 273.15;
  return value;
}

function fromCelsius(celsius: number, to: TemperatureUnit): number {
  if (to === 'fahrenheit') return (celsius * 9) / 5 + 32;
  if (to === 'kelvin') return celsius + 273.15;
  return celsius;
}

/** The temperature converter: 2 decimals, "" for non-numeric input. */
export function convertTemperature(input: string, from: TemperatureUnit, to: TemperatureUnit): string {
  const value = readNumber(input);
  if (value === null) return '';
  const result = fromCelsius(toCelsius(value, from), to);
  return (Object.is(result, -0) ? 0 : result).toFixed(2);
}

// ---------------------------------------------------------------------------------------------
// US ⇄ metric display of recipes

/** How amounts are shown: as the recipe wrote them, in US measures, or metric. */
export type UnitSystem = 'original' | 'us' | 'metric';

type WrittenUnit = { dimension: 'volume' | 'weight'; system: 'us' | 'metric'; factor: number };

/** Written unit words, longest first so "fl oz" wins over "oz"; factor is ml or g per unit. */
const WRITTEN_UNITS: [pattern: string, unit: WrittenUnit][] = [
  ['fl\\.?\\s?oz\\.?|fluid\\s+ounces?', { dimension: 'volume', system: 'us', factor: VOLUME_ML['fl-oz'] }],
  ['cups?|c\\.', { dimension: 'volume', system: 'us', factor: VOLUME_ML.cups }],
  ['tablespoons?|tbsps?\\.?|tbs\\.?', { dimension: 'volume', system: 'us', factor: VOLUME_ML.tbsp }],
  ['teaspoons?|tsps?\\.?', { dimension: 'volume', system: 'us', factor: VOLUME_ML.tsp }],
  ['pints?|pt\\.?', { dimension: 'volume', system: 'us', factor: VOLUME_ML.pint }],
  ['quarts?|qt\\.?', { dimension: 'volume', system: 'us', factor: VOLUME_ML.quart }],
  ['gallons?|gal\\.?', { dimension: 'volume', system: 'us', factor: VOLUME_ML.gallon }],
  ['ounces?|oz\\.?', { dimension: 'weight', system: 'us', factor: WEIGHT_G.oz }],
  ['pounds?|lbs?\\.?', { dimension: 'weight', system: 'us', factor: WEIGHT_G.lb }],
  ['millilit(?:re|er)s?|ml|mL', { dimension: 'volume', system: 'metric', factor: 1 }],
  ['centilit(?:re|er)s?|cl', { dimension: 'volume', system: 'metric', factor: 10 }],
  ['decilit(?:re|er)s?|dl', { dimension: 'volume', system: 'metric', factor: 100 }],
  ['lit(?:re|er)s?|l|L', { dimension: 'volume', system: 'metric', factor: 1000 }],
  ['kilograms?|kilos?|kg', { dimension: 'weight', system: 'metric', factor: 1000 }],
  ['grams?|grammes?|g', { dimension: 'weight', system: 'metric', factor: 1 }],
];

/** An amount (or range) followed by a unit, anywhere in a line: "2 cups", "1-2 tbsp", "400g". */
const AMOUNT_WITH_UNIT = new RegExp(
  `(?<![\\w.⁄/])(${NUMBER_PATTERN})(?:(\\s*[-–]\\s*|\\s+to\\s+)(${NUMBER_PATTERN}))?(\\s?)(${WRITTEN_UNITS.map(([p]) => `(?:${p})`).join('|')})(?![\\w])`,
  'g',
);

function writtenUnit(word: string): WrittenUnit | undefined {
  return WRITTEN_UNITS.find(([pattern]) => new RegExp(`^(?:${pattern})$`).test(word))?.[1];
}

/** 3 significant figures, then whole numbers from 10 up and halves below (never 0). */
function roundMetric(value: number): number {
  if (value >= 100) return Number(value.toPrecision(3));
  if (value >= 10) return Math.round(value);
  const half = Math.round(value * 2) / 2;
  return half > 0 ? half : Number(value.toPrecision(1));
}

function metricText(values: number[], dimension: 'volume' | 'weight'): string {
  const largest = Math.max(...values);
  const big = largest >= 1000;
  const unit = dimension === 'volume' ? (big ? 'l' : 'ml') : big ? 'kg' : 'g';
  const shown = values.map((v) => (big ? Number((v / 1000).toPrecision(3)) : roundMetric(v)));
  return `${joinRange(shown.map(String))} ${unit}`;
}

function joinRange(parts: string[]): string {
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  return unique.join('-');
}

/** US kitchen measures for a volume in ml: teaspoons, tablespoons, cups, then quarts. */
function usVolumeText(values: number[]): string {
  const largest = Math.max(...values);
  const [unit, size] =
    largest < 14
      ? ['tsp', VOLUME_ML.tsp]
      : largest < 59
        ? ['tbsp', VOLUME_ML.tbsp]
        : largest < 3785
          ? ['cup', VOLUME_ML.cups]
          : ['quart', VOLUME_ML.quart];
  const amounts = values.map((v) => roundAmount(v / size));
  const word = unit === 'cup' || unit === 'quart' ? (Math.max(...amounts) > 1 ? `${unit}s` : unit) : unit;
  return `${joinRange(amounts.map((a) => formatAmount(a)))} ${word}`;
}

/** US weights for grams: ounces below a pound ("3 1/2 oz"), then "1 lb 2 oz". */
function usWeightText(values: number[]): string {
  const ounces = values.map((g) => g / WEIGHT_G.oz);
  const largest = Math.max(...ounces);
  if (largest < 15.75) {
    return `${joinRange(ounces.map((oz) => (oz >= 10 ? String(Math.round(oz)) : displayAmount(oz))))} oz`;
  }
  if (values.length === 1) {
    const total = Math.round(largest);
    const pounds = Math.floor(total / 16);
    const rest = total % 16;
    return rest === 0 ? `${pounds} lb` : `${pounds} lb ${rest} oz`;
  }
  return `${joinRange(ounces.map((oz) => displayAmount(oz / 16)))} lb`;
}

/**
 * Shows every amount with a unit in an ingredient line in the chosen system, e.g. metric:
 * "2 cups milk" → "473 ml milk", "1 lb beef" → "454 g beef"; US: "400 g tin" → "14 oz tin".
 * Amounts already in that system, other units, and 'original' leave the line as written.
 */
export function convertIngredientLine(line: string, system: UnitSystem): string {
  if (system === 'original') return line;
  return line.replace(
    AMOUNT_WITH_UNIT,
    (
      whole,
      first: string,
      _sep: string | undefined,
      second: string | undefined,
      _space: string,
      word: string,
    ) => {
      const unit = writtenUnit(word);
      if (!unit || unit.system === system) return whole;
      const base = [numberValue(first), ...(second !== undefined ? [numberValue(second)] : [])].map(
        (n) => n * unit.factor,
      );
      if (base.some((n) => !Number.isFinite(n) || n <= 0)) return whole;
      if (system === 'metric') return metricText(base, unit.dimension);
      return unit.dimension === 'volume' ? usVolumeText(base) : usWeightText(base);
    },
  );
}

/** An ingredient line as shown: scaled by the serving factor, then in the chosen unit system. */
export function ingredientForDisplay(line: string, factor: number, system: UnitSystem): string {
  return convertIngredientLine(scaleIngredientLine(line, factor), system);
}
