import type { UnitSystem } from './unit-conversion.ts';

// Oven and cooking temperatures inside step text, shown in the reader's unit system (the
// US ⇄ metric toggle): "Preheat to 180°C" reads "Preheat to 350°F" in US units. Its own module,
// with no quantity parsing, so step views (cooking mode) load only this.

function joinRange(parts: string[]): string {
  return parts.filter((p, i) => parts.indexOf(p) === i).join('-');
}

/** "180°C", "350 °F", "180 degrees C", "350F", "180-200°C"; groups: low, high, unit. */
const TEMPERATURE =
  /(?<![\d.])(-?\d{1,3}(?:\.\d+)?)(?:\s*(?:-|–|to)\s*(\d{1,3}(?:\.\d+)?))?(?:\s?(?:°|º|˚)\s?|\s+degrees?\s+|(?=[CF]\b))(C|F|Celsius|Fahrenheit|centigrade)\b/gi;
/** What may sit between the two halves of "180°C (350°F)" or "350°F/180°C" or "180°C or 350°F". */
const PAIR_GAP = /^\s*(?:\(|\/|or|,)\s*$/i;

function isFahrenheit(unit: string): boolean {
  return unit[0]?.toUpperCase() === 'F';
}

/**
 * Oven-style rounding: Fahrenheit oven temperatures to the nearest 25 (180°C → 350°F) and Celsius
 * ones to the nearest 10 (400°F → 200°C), the steps oven dials use; lower temperatures (sugar,
 * meat, water) to the degree.
 */
function convertDegrees(value: number, toFahrenheit: boolean): number {
  if (toFahrenheit) {
    const f = (value * 9) / 5 + 32;
    return value >= 120 ? Math.round(f / 25) * 25 : Math.round(f);
  }
  const c = ((value - 32) * 5) / 9;
  return value >= 250 ? Math.round(c / 10) * 10 : Math.round(c);
}

/**
 * Temperatures in step text in the chosen system: US "180°C" → "350°F", metric "350°F" → "180°C".
 * A temperature already given in both units ("180°C (350°F)") is left as written.
 */
export function convertTemperaturesInText(text: string, system: UnitSystem): string {
  if (system === 'original') return text;
  const wantFahrenheit = system === 'us';
  const found = [...text.matchAll(TEMPERATURE)].map((m) => ({
    index: m.index,
    end: m.index + m[0].length,
    values: [Number(m[1]), ...(m[2] !== undefined ? [Number(m[2])] : [])],
    fahrenheit: isFahrenheit(m[3] ?? ''),
  }));
  const paired = new Set<number>();
  for (let i = 0; i + 1 < found.length; i++) {
    const a = found[i]!;
    const b = found[i + 1]!;
    if (a.fahrenheit !== b.fahrenheit && PAIR_GAP.test(text.slice(a.end, b.index))) {
      paired.add(i);
      paired.add(i + 1);
    }
  }
  let out = '';
  let last = 0;
  found.forEach((t, i) => {
    if (paired.has(i) || t.fahrenheit === wantFahrenheit) return;
    const degrees = joinRange(t.values.map((v) => String(convertDegrees(v, wantFahrenheit))));
    out += text.slice(last, t.index) + `${degrees}°${wantFahrenheit ? 'F' : 'C'}`;
    last = t.end;
  });
  return out + text.slice(last);
}
