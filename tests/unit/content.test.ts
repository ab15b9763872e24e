import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, readMarkdown, readRecipeFile, recipeFiles } from '../../db/seed.ts';
import { ROOT } from '../helpers/paths.ts';

// The seed content, checked with the same valibot schema the seed and the API use.

const contentDir = path.join(ROOT, 'content');
const files = recipeFiles(contentDir);
const recipes = files.map((file) => ({
  file,
  slug: path.basename(file, '.json'),
  recipe: readRecipeFile(file),
}));
const categories = JSON.parse(fs.readFileSync(path.join(contentDir, 'categories.json'), 'utf8')) as {
  slug: string;
  name: string;
  description: string;
}[];
const icons = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'node_modules/@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
) as { icons: Record<string, unknown>; aliases?: Record<string, unknown> };

describe('recipe files', () => {
  it('there are at least 120, each a valid slug file name', () => {
    expect(files.length).toBeGreaterThanOrEqual(120);
    for (const { slug } of recipes) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(recipes.map((r) => [r.slug, r] as const))(
    '%s is a complete, plausible recipe',
    (_slug, { recipe, file }) => {
      expect(
        categories.map((c) => c.slug),
        file,
      ).toContain(recipe.category);
      for (const name of recipe.illustration)
        expect(name in icons.icons || name in (icons.aliases ?? {}), `${file}: icon ${name}`).toBe(true);
      expect(
        recipe.tags.map((t) => t.toLowerCase()),
        file,
      ).not.toContain(recipe.cuisine.toLowerCase());
      for (const key of ['fiber', 'sugar', 'sodium', 'saturatedFat', 'cholesterol'] as const)
        expect(recipe.nutrition[key], `${file}: nutrition.${key}`).toBeDefined();
    },
  );

  it('covers ≥ 10 categories (with the five required), ≥ 15 cuisines and every difficulty', () => {
    const used = new Set(recipes.map((r) => r.recipe.category));
    expect(used.size).toBeGreaterThanOrEqual(10);
    for (const slug of ['appetizers', 'main-course', 'desserts', 'breakfast', 'healthy'])
      expect(used).toContain(slug);
    expect(new Set(recipes.map((r) => r.recipe.cuisine)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(recipes.map((r) => r.recipe.difficulty))).toEqual(new Set(['Easy', 'Medium', 'Hard']));
  });

  it('exercises every quantity form the scaler handles', () => {
    const lines = recipes
      .flatMap((r) =>
        Array.isArray(r.recipe.ingredients)
          ? r.recipe.ingredients
          : Object.values(r.recipe.ingredients).flat(),
      )
      .map((l) => (typeof l === 'string' ? l : ''));
    const forms: [string, RegExp][] = [
      ['integer', /^\d+ /],
      ['decimal', /^\d+\.\d+/],
      ['fraction', /^\d+\/\d+/],
      ['mixed number', /^\d+ \d+\/\d+/],
      ['range', /^\d+(\.\d+)?\s?[-–]\s?\d+/],
      ['unicode fraction', /^\d*[½¼¾⅓⅔⅛]/],
      ['no leading number', /^[^\d½¼¾⅓⅔⅛]/],
    ];
    for (const [name, pattern] of forms)
      expect(
        lines.some((l) => pattern.test(l)),
        name,
      ).toBe(true);
    const grouped = recipes.filter((r) => !Array.isArray(r.recipe.ingredients));
    expect(grouped.length).toBeGreaterThanOrEqual(15);
    const timed = recipes.filter((r) =>
      r.recipe.instructions.some((s) => typeof s === 'string' && /\d+\s*(minutes?|mins?)\b/i.test(s)),
    );
    expect(timed.length).toBeGreaterThan(recipes.length / 2);
  });

  it('has distinct titles and distinct cover illustrations', () => {
    expect(new Set(recipes.map((r) => r.recipe.title.toLowerCase())).size).toBe(recipes.length);
    expect(new Set(recipes.map((r) => r.recipe.illustration.join('+'))).size).toBe(recipes.length);
  });

  it('has a cover image in both sizes for every recipe', () => {
    for (const { slug } of recipes) {
      for (const name of [`${slug}.webp`, `${slug}-600.webp`]) {
        expect(fs.existsSync(path.join(ROOT, 'public/images/recipes', name)), name).toBe(true);
      }
    }
  });
});

describe('a broken recipe file', () => {
  it.each([
    ['bad JSON', '{ "title": ', /not valid JSON/],
    ['a missing field', JSON.stringify({ title: 'X' }), /description/],
    ['implausible calories', null, /nutrition: calories must be within 15 %/],
  ])('fails naming the file and the field (%s)', (_name, text, message) => {
    // .data/ exists only once a server or test database has run; a fresh clone may lack it.
    fs.mkdirSync(path.join(ROOT, '.data'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(ROOT, '.data', 'content-test-'));
    const file = path.join(dir, 'broken.json');
    const valid = JSON.parse(fs.readFileSync(files[0]!, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(
      file,
      text ??
        JSON.stringify({
          ...valid,
          calories: 5000,
          nutrition: { ...(valid.nutrition as object), calories: 5000 },
        }),
    );
    try {
      expect(() => readRecipeFile(file)).toThrow(ContentError);
      expect(() => readRecipeFile(file)).toThrow(new RegExp(`broken\\.json: .*${message.source}`));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('site content', () => {
  it('has the categories, static pages, footer and blog the site needs', () => {
    expect(categories.length).toBeGreaterThanOrEqual(10);
    for (const c of categories) expect(c.description.length).toBeGreaterThan(20);
    for (const slug of ['privacy-policy', 'terms-of-service', 'about-us', 'contact-us']) {
      const doc = readMarkdown(path.join(contentDir, 'pages', `${slug}.md`));
      expect(doc.data.title, slug).toBeTruthy();
      expect(doc.data.description, slug).toBeTruthy();
      expect(doc.body.length, slug).toBeGreaterThan(1500);
    }
    const footer = JSON.parse(fs.readFileSync(path.join(contentDir, 'footer.json'), 'utf8'));
    expect(Object.keys(footer).sort()).toEqual(['companyName', 'copyright', 'links', 'social', 'tagline']);
    const posts = fs
      .readdirSync(path.join(contentDir, 'blog'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => readMarkdown(path.join(contentDir, 'blog', f)));
    const published = posts.filter((p) => p.data.published === true);
    expect(published.length).toBeGreaterThanOrEqual(6);
    expect(posts.length - published.length).toBeGreaterThanOrEqual(1);
    expect(new Set(published.map((p) => p.data.category)).size).toBeGreaterThanOrEqual(3);
  });
});
