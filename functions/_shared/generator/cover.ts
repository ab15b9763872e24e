import sharp from 'sharp';
import type { Db } from '../../../db/client.ts';
import { hashString } from '../../../src/lib/fallback-images.ts';
import type { GeneratedRecipe } from '../../../src/lib/schemas/generated-content.ts';
import { storeImage } from '../images/service.ts';
import { generateImage, imageModel, type Deadline } from './ai-client.ts';

// A cover each generated recipe owns, kept in the image store (never a provider's
// temporary URL in the row). With OPENAI_IMAGE_MODEL set, the endpoint's image model paints it;
// otherwise an illustrated cover is drawn here: the category's palette, a plate, and food shapes
// coloured after the recipe's main ingredients, laid out from a hash of the title — so no two
// generated recipes share a picture. A cover that cannot be made leaves the image empty (the
// site then shows its per-category fallback); it never fails the recipe.

const PALETTES: Record<string, [string, string, string]> = {
  appetizers: ['#FFE6DE', '#FFA690', '#FF8C74'],
  'main-course': ['#FAB08C', '#DB4F2C', '#C73F1F'],
  desserts: ['#FFE0EA', '#F8AFC8', '#F38FB1'],
  breakfast: ['#FFF1C4', '#FFD166', '#FFC23D'],
  healthy: ['#DDF5D5', '#98DB8E', '#7ECB74'],
  soups: ['#FFE6B8', '#FFAA45', '#FF9A2E'],
  salads: ['#F0F8C8', '#C7E36E', '#B3D656'],
  vegetarian: ['#ECE3FA', '#C6AEEC', '#B398E6'],
  baking: ['#FBE6CB', '#E9B576', '#DC9F57'],
  sides: ['#D6F1F0', '#86D0CC', '#6BC2BD'],
  drinks: ['#DCEBFF', '#98C2F7', '#7FB1F2'],
};
const OTHER_PALETTES = Object.values(PALETTES);

/** Ingredient words → the colour their shape takes on the plate. */
const FOOD_COLOURS: [RegExp, string][] = [
  [/tomato|pepper|chili|strawberr|raspberr|beet|paprika|cherry/, '#E2412F'],
  [
    /basil|spinach|herb|parsley|cilantro|kale|lettuce|pea|zucchini|cucumber|broccoli|lime|avocado|mint/,
    '#4FA64A',
  ],
  [/lemon|egg|corn|cheese|butter|banana|mango|turmeric|curry|pineapple/, '#F5C518'],
  [/chocolate|cocoa|coffee|beef|mushroom|soy|bean|lentil|walnut|cinnamon/, '#6B3E26'],
  [/rice|flour|cream|milk|yogurt|garlic|onion|potato|cauliflower|tofu|coconut|noodle|pasta/, '#F4EBDD'],
  [/carrot|orange|pumpkin|squash|sweet potato|apricot|peach|salmon|shrimp/, '#F2883A'],
  [/blueberr|plum|eggplant|aubergine|grape|red cabbage|blackberr/, '#5B3F8C'],
  [/chicken|pork|turkey|bread|oat|honey|almond|peanut|ginger/, '#D9A566'],
];

function foodColours(recipe: Pick<GeneratedRecipe, 'ingredients'>): string[] {
  const colours: string[] = [];
  for (const line of recipe.ingredients) {
    const text = line.toLowerCase();
    const match = FOOD_COLOURS.find(([pattern]) => pattern.test(text));
    if (match && !colours.includes(match[1])) colours.push(match[1]);
    if (colours.length === 4) break;
  }
  return colours.length ? colours : ['#D9A566', '#4FA64A'];
}

/** A small deterministic generator seeded from the title. */
function random(seed: string): () => number {
  let state = hashString(seed) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

/** The illustrated cover as SVG (1200 × 800): shapes only, so no font is needed to draw it. */
export function coverSvg(recipe: Pick<GeneratedRecipe, 'title' | 'category' | 'ingredients'>): string {
  const rnd = random(`${recipe.title}|${recipe.category}`);
  const [light, mid, deep] =
    PALETTES[recipe.category] ?? OTHER_PALETTES[hashString(recipe.category) % OTHER_PALETTES.length]!;
  const colours = foodColours(recipe);
  const cx = 560 + rnd() * 80;
  const cy = 410 + rnd() * 40;
  const confetti = Array.from({ length: 26 }, () => {
    const x = Math.round(rnd() * 1200);
    const y = Math.round(rnd() * 800);
    const r = Math.round(4 + rnd() * 9);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.25 + rnd() * 0.4).toFixed(2)}"/>`;
  }).join('');
  const food = Array.from({ length: 7 + Math.floor(rnd() * 5) }, (_, i) => {
    const angle = rnd() * Math.PI * 2;
    const dist = rnd() * 130;
    const x = Math.round(cx + Math.cos(angle) * dist);
    const y = Math.round(cy + Math.sin(angle) * dist * 0.8);
    const rx = Math.round(34 + rnd() * 46);
    const ry = Math.round(rx * (0.55 + rnd() * 0.45));
    const colour = colours[i % colours.length];
    const rotate = Math.round(rnd() * 180);
    return `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${colour}" transform="rotate(${rotate} ${x} ${y})" stroke="#00000022" stroke-width="3"/>`;
  }).join('');
  const leaves = Array.from({ length: 3 }, () => {
    const x = Math.round(cx - 150 + rnd() * 300);
    const y = Math.round(cy - 120 + rnd() * 220);
    const rotate = Math.round(rnd() * 360);
    return `<path d="M${x} ${y} q 28 -40 60 0 q -32 40 -60 0z" fill="#3E8E41" transform="rotate(${rotate} ${x} ${y})"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#bg)"/>${confetti}
<ellipse cx="${cx + 30}" cy="${cy + 60}" rx="430" ry="250" fill="${deep}" opacity="0.55"/>
<ellipse cx="${cx}" cy="${cy + 24}" rx="300" ry="250" fill="#00000026"/>
<circle cx="${cx}" cy="${cy}" r="290" fill="#FFFDF8"/><circle cx="${cx}" cy="${cy}" r="230" fill="none" stroke="#EFE6D8" stroke-width="10"/>
${food}${leaves}
</svg>`;
}

/** Renders the illustrated cover to WebP-ready PNG bytes. */
export async function renderCover(
  recipe: Pick<GeneratedRecipe, 'title' | 'category' | 'ingredients'>,
): Promise<Uint8Array> {
  return sharp(Buffer.from(coverSvg(recipe)))
    .png()
    .toBuffer();
}

/**
 * The stored cover's URL for a new recipe: the image model's picture when one is configured (an
 * illustrated cover when it fails), or undefined (the site's fallback) when nothing could be made.
 */
export async function coverFor(
  db: Db,
  recipe: GeneratedRecipe,
  deadline?: Deadline,
): Promise<string | undefined> {
  let bytes: Uint8Array | undefined;
  if (imageModel())
    try {
      bytes = await generateImage(
        `An appetising overhead food photograph of ${recipe.title}: ${recipe.description}. Natural light, no text.`,
        deadline,
      );
    } catch (err) {
      console.error(
        `[generator] the image model made no cover for "${recipe.title}":`,
        (err as Error).message,
      );
    }
  try {
    bytes ??= await renderCover(recipe);
    return (await storeImage(bytes, { source: 'generator', use: 'recipe', db })).url;
  } catch (err) {
    console.error(`[generator] no cover for "${recipe.title}":`, (err as Error).message);
    return undefined;
  }
}
