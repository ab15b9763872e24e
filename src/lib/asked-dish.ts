// Whether a generated recipe is the dish that was asked for. A CSV row's title names its dish;
// a typed prompt names one when it is a short dish name ("chicken tikka masala", or any words in
// double quotes) rather than a wish ("something quick for dinner"). The model's title must then be
// the asked name or close to it, by the trigram similarity pg_trgm computes (words lowercased,
// split on anything not a letter or digit, each padded with two spaces in front and one behind),
// so a CSV row for "Lemon Herb Roast Chicken" does not turn into "Beef Stew".

/** Titles at least this similar (0–1) are the same dish. */
export const ASKED_DISH_SIMILARITY = 0.45;
/** Or: this share of the asked name's trigrams are in the title ("Pad Thai" → "Shrimp Pad Thai"). */
export const ASKED_DISH_CONTAINMENT = 0.8;

/** Longest prompt, in words, read as a dish's name. */
const DISH_NAME_MAX_WORDS = 6;
/** Words that make a prompt a wish or a kind of meal rather than one dish. */
const WISH_WORDS = new Set([
  'something',
  'anything',
  'any',
  'some',
  'idea',
  'ideas',
  'recipe',
  'recipes',
  'meal',
  'meals',
  'dinner',
  'lunch',
  'breakfast',
  'brunch',
  'dish',
  'dishes',
  'snack',
  'snacks',
  'dessert',
  'desserts',
  'food',
  'using',
  'use',
  'leftover',
  'leftovers',
  'new',
  'surprise',
]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** pg_trgm's trigrams of a text, as a set. */
export function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of words(text)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** pg_trgm's similarity(): shared trigrams over all trigrams of both texts (0–1). */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** The share of `asked`'s trigrams found in `title` (0–1). */
function containment(asked: string, title: string): number {
  const ta = trigrams(asked);
  if (ta.size === 0) return 0;
  const tb = trigrams(title);
  let found = 0;
  for (const t of ta) if (tb.has(t)) found++;
  return found / ta.size;
}

/** The dish a prompt names, or null when it asks for something vaguer. */
export function namedDish(prompt: string): string | null {
  const quoted = /"([^"]{3,120})"|“([^”]{3,120})”/.exec(prompt);
  if (quoted) return (quoted[1] ?? quoted[2])!.trim();
  const name = prompt
    .trim()
    .replace(/^(?:(?:a|an|the)\s+)?(?:recipe\s+for|make|cook|bake)\s+/i, '')
    .replace(/^(?:a|an|the)\s+/i, '')
    .replace(/[.!]+$/, '')
    .trim();
  const list = words(name);
  if (list.length === 0 || list.length > DISH_NAME_MAX_WORDS) return null;
  if (list.some((w) => WISH_WORDS.has(w))) return null;
  return name;
}

/** Whether `title` is the dish `asked` names, or close enough to it. */
export function isAskedDish(asked: string, title: string): boolean {
  return (
    trigramSimilarity(asked, title) >= ASKED_DISH_SIMILARITY ||
    containment(asked, title) >= ASKED_DISH_CONTAINMENT
  );
}
