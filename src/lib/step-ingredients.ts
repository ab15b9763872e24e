import { allIngredientLines, ingredientSections, instructionTexts } from './recipe-text.ts';
import type { Recipe, StepIngredients } from './schemas/recipe.ts';
import { ingredientToItem } from './shopping/ingredient-item.ts';

// Which ingredients each step uses, read from the ingredient list and the step text: "melt the
// butter" → the line "60 g butter"; "half the sugar" → that line at half its amount; "the
// remaining oil" → what earlier steps left of it. Plurals, descriptive words ("very ripe
// tomatoes" is mentioned as "the tomatoes") and "zest of 1 lemon" ("the lemon zest") are handled.
// It errs on the side of no match: a word no ingredient is named by, or a generic word alone
// ("sauce", "powder"), matches nothing.

/** One ingredient a step uses: its index in the flattened ingredient list and the share of it. */
export interface StepIngredient {
  /** Index into the recipe's ingredient lines, sections flattened in order. */
  ingredient: number;
  /** The share of the line's amount the step uses (1: all of it, 0.5: "half the sugar"). */
  portion: number;
}

/** Words that describe an ingredient rather than name it: a name never starts or ends with one. */
const DESCRIPTORS = new Set(
  (
    'a an the of fresh freshly ground large small medium big extra very ripe finely roughly chopped diced ' +
    'sliced minced grated crushed thick thin thickly thinly skinless boneless skin-on bone-in day-old ' +
    'extra-virgin virgin whole good quality good-quality red green white black yellow brown dark light ' +
    'hot cold warm soft softened unsalted salted plain mild dry dried cooked uncooked raw frozen ' +
    'beaten peeled halved packed heaped level few some about approx optional room temperature ' +
    'shop-bought homemade store-bought organic free-range lean cm mm inch piece'
  ).split(' '),
);

/** What the cook makes in the recipe: "the curry sauce" is not the curry powder, "tomato salsa" not the tomatoes. */
const DISH_WORDS = new Set(
  'sauce dip batter dough mixture mix stew soup dressing glaze marinade filling crust base salsa paste broth'.split(
    ' ',
  ),
);

/** Words too generic to name an ingredient on their own ("the sauce" may be the dish's own sauce). */
const GENERIC_ALONE = new Set([
  ...DISH_WORDS,
  ...'powder juice zest seed flake leaf extract water piece stick cube sprig'.split(' '),
]);

/**
 * Heads of names for something made from the words before them: "beef stock" is not the beef,
 * "tomato purée" not the tomatoes, so those words alone do not name these lines.
 */
const PRODUCT_HEADS = new Set(
  (
    'stock broth sauce powder paste purée puree juice milk butter oil flake zest seed vinegar ' +
    'wine syrup jam water cube'
  ).split(' '),
);

/** Measures that come before "of": "a pinch of salt" names salt. */
const MEASURE_BEFORE_OF = new Set(
  'pinch handful dash splash knob drizzle few couple bunch sprig squeeze glug cup tbsp tsp'.split(' '),
);

/** Plural → singular for matching ("tomatoes" = "tomato", "berries" = "berry", "leaves" = "leaf"). */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/^(?:lea|hal|loa|kni|cal|wol|shel)ves$/.test(word)) return `${word.slice(0, -3)}f`;
  if (/(?:oes|ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

interface Token {
  /** The word lower-cased and singular, or a punctuation mark (a clause boundary). */
  key: string;
  raw: string;
}

function tokenize(text: string): Token[] {
  return [...text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|[,.;:!?()]/gu)].map((m) => ({
    raw: m[0],
    key: /^[\p{L}]/u.test(m[0]) ? singular(m[0]) : m[0],
  }));
}

/** The names a line goes by ("salt and black pepper to taste" → "salt", "black pepper"). */
function lineNames(line: string): string[] {
  let item = ingredientToItem(line, 1, null)?.ingredient ?? line;
  // "boneless, skinless chicken thighs": the comma parts that only describe belong to the name.
  for (let rest = line; tokenize(item).every((t) => DESCRIPTORS.has(t.key)) && rest.includes(',');) {
    rest = rest.replace(',', '');
    item = ingredientToItem(rest, 1, null)?.ingredient ?? rest;
  }
  const plain = item
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\b(?:to taste|to serve|to garnish|for [a-z-]+(?: [a-z-]+)?|optional)\b/gi, ' ')
    .replace(/[\d½¼¾⅓⅔⅛/⁄.]+/g, ' ');
  const alternatives = (text: string) =>
    text
      .split(/\s+(?:or|and|&|plus)\s+|\//i)
      .map((name) => name.trim())
      .filter(Boolean);
  // "zest and juice of 1 lemon" is the lemon zest and the lemon juice; "pinch of salt" is salt.
  const of =
    /^\s*(?:an?\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+(?:\s+(?:and|or)\s+[\p{L}-]+)?)\s+of\s+(?:an?\s+|the\s+)?(.+)$/iu.exec(
      plain,
    );
  if (!of) return alternatives(plain);
  const [, before = '', after = ''] = of;
  const things = alternatives(after);
  const parts = alternatives(before);
  if (parts.every((part) => MEASURE_BEFORE_OF.has(singular(part.toLowerCase())))) return things;
  return parts.flatMap((part) => things.map((thing) => `${thing} ${part}`));
}

/** Every phrase that refers to the line: runs of its words not starting or ending with a descriptor. */
function linePhrases(line: string): { phrase: string; head: boolean }[] {
  const phrases = new Map<string, boolean>();
  for (const name of lineNames(line)) {
    const words = tokenize(name)
      .map((t) => t.key)
      .filter((w) => /^[\p{L}]/u.test(w));
    for (let start = 0; start < words.length; start++) {
      for (let end = start + 1; end <= Math.min(words.length, start + 4); end++) {
        const run = words.slice(start, end);
        if (DESCRIPTORS.has(run[0]!) || DESCRIPTORS.has(run.at(-1)!)) continue;
        if (run.length === 1 && GENERIC_ALONE.has(run[0]!)) continue;
        const phrase = run.join(' ');
        // The last word of a name is its head ("chicken wings" are wings): a better match.
        const head = end === words.length;
        if (!head && PRODUCT_HEADS.has(words.at(-1)!)) continue;
        phrases.set(phrase, (phrases.get(phrase) ?? false) || head);
      }
    }
  }
  return [...phrases].map(([phrase, head]) => ({ phrase, head }));
}

type Share =
  | { kind: 'part'; portion: number }
  | { kind: 'remaining' }
  | { kind: 'amount'; amount: number; unit: string };

const FRACTION_WORDS: [RegExp, number][] = [
  [/^(?:two|2)[ -]thirds?$/, 2 / 3],
  [/^(?:three|3)[ -]quarters?$/, 3 / 4],
  [/^half$/, 1 / 2],
  [/^third$/, 1 / 3],
  [/^quarter$/, 1 / 4],
];

/** A clause before a mention ("half the", "the remaining", "2 tbsp of the") as a share of the line. */
function shareBefore(words: string[]): Share | null {
  const text = words.join(' ');
  if (/\b(?:remaining|rest|remainder|leftover)\b/.test(text)) return { kind: 'remaining' };
  const amount = /(\d+(?:\.\d+)?|½|¼|¾)\s*([a-z]+)\s+of\s+(?:the|your)$/.exec(text);
  if (amount) {
    const value = { '½': 0.5, '¼': 0.25, '¾': 0.75 }[amount[1]!] ?? Number(amount[1]);
    return { kind: 'amount', amount: value, unit: amount[2]! };
  }
  for (let n = Math.min(2, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const phrase = words.slice(i, i + n).join(' ');
      const found = FRACTION_WORDS.find(([pattern]) => pattern.test(phrase));
      if (found) return { kind: 'part', portion: found[1] };
    }
  }
  return null;
}

const unitKey = (unit: string) => singular(unit.toLowerCase().replace(/\.$/, ''));

function portionOf(share: Share | null, line: string, usedBefore: number): number {
  if (!share) return 1;
  if (share.kind === 'part') return share.portion;
  if (share.kind === 'remaining') return usedBefore > 0 && usedBefore < 1 ? 1 - usedBefore : 1;
  const item = ingredientToItem(line, 1, null);
  if (!item?.amount || unitKey(item.unit) !== unitKey(share.unit)) return 1;
  return Math.min(1, share.amount / item.amount);
}

/** Words that end the clause a share word may belong to. */
const CLAUSE_BREAK = new Set([',', '.', ';', ':', '!', '?', '(', ')', 'and', 'or', 'then', 'with', 'into']);

interface Mention {
  pool: number[];
  share: Share | null;
}

/**
 * For each step, the ingredients it uses, in the order the step mentions them. `sections` are the
 * ingredient lines by section (one section for an ungrouped list); a step's indexes count the
 * lines in that order. Among lines named alike ("plain flour" for the sauce and for the coating)
 * the step takes the one in the section its other ingredients come from, else the first one no
 * earlier step used (lists follow the order of cooking); "the remaining …" takes one already begun.
 */
export function matchStepIngredients(
  steps: readonly string[],
  sections: readonly (readonly string[])[],
): StepIngredient[][] {
  const lines = sections.flat();
  const sectionOf = sections.flatMap((items, section) => items.map(() => section));
  const byPhrase = new Map<string, { ingredient: number; head: boolean }[]>();
  lines.forEach((line, ingredient) => {
    for (const { phrase, head } of linePhrases(line)) {
      byPhrase.set(phrase, [...(byPhrase.get(phrase) ?? []), { ingredient, head }]);
    }
  });
  const longest = Math.max(1, ...[...byPhrase.keys()].map((p) => p.split(' ').length));
  /** Lines earlier steps used, with the sum of the parts taken ("half the …"). */
  const used = new Map<number, number>();

  return steps.map((step) => {
    const mentions = findMentions(tokenize(step), byPhrase, longest);
    const sure = new Set(mentions.filter((m) => m.pool.length === 1).map((m) => m.pool[0]!));
    const stepSection = mostCommon([...sure].map((i) => sectionOf[i]!));
    const found: StepIngredient[] = [];
    for (const { pool, share } of mentions) {
      const ingredient = pick(pool, share?.kind === 'remaining', {
        taken: (i) => found.some((f) => f.ingredient === i) || (pool.length > 1 && sure.has(i)),
        used,
        inSection: (i) => sectionOf[i] === stepSection,
      });
      if (ingredient === null) continue;
      found.push({ ingredient, portion: portionOf(share, lines[ingredient]!, used.get(ingredient) ?? 0) });
    }
    // Whole uses ("cook the lardons") mark a line used; parts ("half the lardons") add up to what remains.
    for (const { ingredient, portion } of found)
      used.set(ingredient, (used.get(ingredient) ?? 0) + (portion < 1 ? portion : 0));
    return found;
  });
}

/** Every ingredient mention in a step's words, longest name first, with the share words before it. */
function findMentions(
  tokens: Token[],
  byPhrase: Map<string, { ingredient: number; head: boolean }[]>,
  longest: number,
): Mention[] {
  const mentions: Mention[] = [];
  let clauseStart = 0;
  for (let i = 0; i < tokens.length;) {
    if (CLAUSE_BREAK.has(tokens[i]!.key)) {
      clauseStart = ++i;
      continue;
    }
    let matched = 0;
    for (let n = Math.min(longest, tokens.length - i); n >= 1 && !matched; n--) {
      const words = tokens.slice(i, i + n).map((t) => t.key);
      const candidates = byPhrase.get(words.join(' '));
      if (!candidates) continue;
      matched = n;
      if (DISH_WORDS.has(tokens[i + n]?.key ?? '')) break;
      const heads = candidates.filter((c) => c.head);
      mentions.push({
        pool: (heads.length ? heads : candidates).map((c) => c.ingredient),
        share: shareBefore(tokens.slice(clauseStart, i).map((t) => t.raw)),
      });
    }
    if (matched) clauseStart = i + matched;
    i += matched || 1;
  }
  return mentions;
}

function mostCommon(values: number[]): number | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | null = null;
  for (const [value, count] of counts) if (best === null || count > counts.get(best)!) best = value;
  return best;
}

function pick(
  pool: number[],
  remaining: boolean,
  ctx: { taken: (i: number) => boolean; used: Map<number, number>; inSection: (i: number) => boolean },
): number | null {
  if (pool.some(ctx.taken)) return null;
  const share = (i: number) => ctx.used.get(i) ?? 0;
  const begun = pool.filter((i) => share(i) > 0 && share(i) < 1);
  if (remaining && begun.length) return begun[0]!;
  const sameSection = pool.filter(ctx.inSection);
  if (sameSection.length) return sameSection.find((i) => !ctx.used.has(i)) ?? sameSection[0]!;
  return pool.find((i) => !ctx.used.has(i)) ?? pool[0] ?? null;
}

/**
 * The ingredients of each step of a recipe: the admin's list where the recipe has one (a step it
 * does not cover uses none), else matched from the text.
 */
export function stepIngredientsOf(recipe: Pick<Recipe, 'ingredients' | 'instructions' | 'stepIngredients'>) {
  const steps = instructionTexts(recipe.instructions) ?? [];
  if (recipe.stepIngredients) return steps.map((_, i) => recipe.stepIngredients?.[i] ?? []);
  const sections = (ingredientSections(recipe.ingredients) ?? []).map((s) => s.items);
  return matchStepIngredients(steps, sections);
}

/** What a recipe's steps use: the matches and the lines they point into, as the step lists draw them. */
export interface StepUses {
  recipeId: number;
  originalServings: number;
  /** The ingredient lines, sections flattened in order. */
  lines: string[];
  /** Per step, the lines it uses. */
  steps: StepIngredient[][];
}

/** A recipe's step uses, for the recipe page, cooking mode and the card dialog alike. */
export function stepUsesOf(
  recipe: Pick<Recipe, 'id' | 'servings' | 'ingredients' | 'instructions' | 'stepIngredients'>,
): StepUses {
  return {
    recipeId: recipe.id,
    originalServings: recipe.servings,
    lines: allIngredientLines(recipe.ingredients),
    steps: stepIngredientsOf(recipe),
  };
}

/** The steps and ingredients a recipe form would save. */
export interface StepIngredientsSource {
  steps: string[];
  /** The ingredients as saved (a list, or section name → list). */
  ingredients: unknown;
}

/** The admin's list fitted to the recipe as it now is: steps and lines removed since drop out. */
export function fittedStepIngredients(
  value: StepIngredients | null,
  source: StepIngredientsSource,
): StepIngredients | null {
  if (!value) return null;
  const lineCount = (ingredientSections(source.ingredients) ?? []).reduce((n, s) => n + s.items.length, 0);
  return source.steps.map((_, i) => (value[i] ?? []).filter((m) => m.ingredient < lineCount));
}
