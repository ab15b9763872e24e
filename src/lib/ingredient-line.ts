import { parseLeadingQuantity, type LeadingQuantity } from './quantities.ts';

// How a cook writes an ingredient line: an amount, a unit, the ingredient, a note after a comma
// ("1 1/2 cups flour, sifted"). The recipe form reads a line into its fields with it and the
// shopping list reads what to buy with it. Which words count as a unit is the reader's choice:
// the form keeps sizes in the unit field ("3 large eggs" → "large"), while the shopping list
// buys "large eggs" and also reads a size note and "of" ("1 (14 oz) can of tomatoes").

/** A unit found at the start of the text after the amount, and the text after it. */
export interface UnitAtStart {
  /** A size note in brackets before the unit ("(14 oz)"), or ''. */
  sizeNote: string;
  unit: string;
  after: string;
}

/** Finds a unit at the start of the text after the amount; null when the text starts with none. */
export type UnitReader = (text: string) => UnitAtStart | null;

export interface IngredientLineParts {
  /** The leading amount, or null for a line that starts with none ("Salt to taste"). */
  quantity: LeadingQuantity | null;
  sizeNote: string;
  /** '' without an amount: a unit is only read right after one. */
  unit: string;
  /** Everything after the unit (or the amount) as written: the ingredient and its note. */
  rest: string;
  /** The trimmed `rest` before its first comma (a leading comma does not split it) … */
  item: string;
  /** … and after it ('' without a comma). */
  note: string;
}

/**
 * Reads a line into its parts. A unit is kept only when `keepsUnit` accepts what follows it
 * (by default: anything at all), so "4 cloves" alone is the spice, not a unit of nothing.
 */
export function parseIngredientLine(
  line: string,
  readUnit: UnitReader,
  keepsUnit: (after: string) => boolean = (after) => after !== '',
): IngredientLineParts {
  const text = line.trim();
  const quantity = parseLeadingQuantity(text);
  let rest = quantity ? quantity.rest : text;
  let unit = '';
  let sizeNote = '';
  const found = quantity ? readUnit(rest) : null;
  if (found && keepsUnit(found.after)) ({ unit, sizeNote, after: rest } = found);
  const trimmed = rest.trim();
  const comma = trimmed.indexOf(',');
  return {
    quantity,
    sizeNote,
    unit,
    rest,
    item: comma > 0 ? trimmed.slice(0, comma).trim() : trimmed,
    note: comma > 0 ? trimmed.slice(comma + 1).trim() : '',
  };
}

/** Units the recipe form reads into its unit field: one word, sizes included. */
const FORM_UNITS = new Set(
  (
    'cup cups c tbsp tablespoon tablespoons tbs tsp teaspoon teaspoons g gram grams kg ml l liter liters litre litres ' +
    'oz ounce ounces lb lbs pound pounds pinch pinches dash clove cloves can cans slice slices stick sticks ' +
    'bunch bunches sprig sprigs handful package packages pkg jar jars quart quarts pint pints piece pieces ' +
    'fl-oz head heads stalk stalks large medium small'
  ).split(' '),
);

/** The recipe form's units: the first word when it is one ("tbsp." too), the words after it joined by one space. */
export const readFormUnit: UnitReader = (text) => {
  const [word = '', ...others] = text.trim().split(/\s+/);
  if (!FORM_UNITS.has(word.toLowerCase().replace(/\.$/, ''))) return null;
  return { sizeNote: '', unit: word, after: others.join(' ') };
};

/** Measures and containers the shopping list reads (after the number), longest forms first. */
const SHOPPING_UNIT_WORDS = [
  'fl\\.?\\s?oz\\.?',
  'fluid\\s+ounces?',
  'cups?',
  'tablespoons?',
  'tbsps?\\.?',
  'tbs\\.?',
  'teaspoons?',
  'tsps?\\.?',
  'ounces?',
  'oz\\.?',
  'pounds?',
  'lbs?\\.?',
  'kilograms?',
  'kilos?',
  'kg',
  'milligrams?',
  'mg',
  'grams?',
  'grammes?',
  'g',
  'millilit(?:re|er)s?',
  'ml',
  'centilit(?:re|er)s?',
  'cl',
  'decilit(?:re|er)s?',
  'dl',
  'lit(?:re|er)s?',
  'l',
  'pints?',
  'pt\\.?',
  'quarts?',
  'qt\\.?',
  'gallons?',
  'gal\\.?',
  'pinch(?:es)?',
  'dash(?:es)?',
  'cloves?',
  'cans?',
  'tins?',
  'jars?',
  'bottles?',
  'packages?',
  'packets?',
  'pkgs?\\.?',
  'bags?',
  'boxes',
  'box',
  'cartons?',
  'containers?',
  'envelopes?',
  'slices?',
  'sprigs?',
  'sticks?',
  'bunch(?:es)?',
  'handfuls?',
  'heads?',
  'stalks?',
  'sheets?',
  'cubes?',
  'fillets?',
  'rashers?',
  'blocks?',
  'scoops?',
  'knobs?',
  'drops?',
  'pieces?',
  'leaves',
  'leaf',
  'loaf',
  'loaves',
];

/** " (14 oz) can of diced tomatoes": an optional size note, a unit, an optional "of", the rest. */
const SHOPPING_UNIT_AT_START = new RegExp(
  `^\\s*(\\([^)]*\\))?\\s*(${SHOPPING_UNIT_WORDS.join('|')})(?![\\w])\\s*(?:of\\s+)?(.*)$`,
  'i',
);

/** The shopping list's units: measures and containers (one space inside "fl oz"), never sizes. */
export const readShoppingUnit: UnitReader = (text) => {
  const match = SHOPPING_UNIT_AT_START.exec(text);
  if (!match) return null;
  const [, sizeNote = '', unit = '', after = ''] = match;
  return { sizeNote, unit: unit.replace(/\s+/g, ' '), after };
};
