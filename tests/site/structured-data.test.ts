import { describe, expect, it } from 'vitest';
import { recipeJsonLdProblems } from '../../src/lib/recipe-jsonld-checklist.ts';
import { builtPages, jsonLdOf, type BuiltPage, currentBuildDir } from './built-site.ts';

// JSON-LD on the built pages: a Recipe passing Google's checklist on every recipe page
// (Google's Recipe checklist), ItemList (never Recipe) on collection pages, BreadcrumbList,
// and WebSite with SearchAction plus Organization on the home page.

const buildDir = currentBuildDir();
const pages = builtPages(buildDir);
const byPath = new Map(pages.map((p) => [p.path, p]));
const typesOf = (page: BuiltPage) => jsonLdOf(page.html).map((ld) => ld['@type']);
const recipePages = pages.filter(
  (p) => /^\/recipe\/[a-z0-9-]+$/.test(p.path) && !/^\/recipe\/\d+$/.test(p.path),
);

describe('Recipe JSON-LD', () => {
  it('there are recipe pages to check', () => {
    expect(recipePages.length).toBeGreaterThan(100);
  });

  it('every recipe page has exactly one Recipe and it passes the checklist', () => {
    const failures: string[] = [];
    for (const page of recipePages) {
      const recipes = jsonLdOf(page.html).filter((ld) => ld['@type'] === 'Recipe');
      if (recipes.length !== 1) failures.push(`${page.path}: ${recipes.length} Recipe blocks`);
      for (const problem of recipeJsonLdProblems(recipes[0])) failures.push(`${page.path}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });

  it('the rating in the markup is the one shown on the page', () => {
    for (const page of recipePages) {
      const ld = jsonLdOf(page.html).find((l) => l['@type'] === 'Recipe') as {
        aggregateRating?: { ratingValue: number; reviewCount: number };
      };
      // The recipe's own header (related recipes further down show their own ratings).
      const hero = page.html.slice(
        page.html.indexOf('<article id="recipe"'),
        page.html.indexOf('id="recipe-details"'),
      );
      const shown = hero.match(/aria-label="Rated ([\d.]+) out of 5 from (\d+) reviews?"/);
      if (!ld.aggregateRating) {
        expect(shown?.[0] ?? null, page.path).toBeNull();
        continue;
      }
      expect(shown?.slice(1), page.path).toEqual([
        ld.aggregateRating.ratingValue.toFixed(1),
        String(ld.aggregateRating.reviewCount),
      ]);
    }
  });

  it('the prep and cook times in the markup are the ones shown on the page (0 min is PT0M, not a default)', () => {
    const shownMinutes = (html: string, label: string) => {
      const text = html.match(new RegExp(`>${label}</dt><dd[^>]*>([^<]+)</dd>`))?.[1] ?? '';
      const [, hours = '0', mins = '0'] = text.match(/^(?:(\d+) hr)? ?(?:(\d+) min)?$/) ?? [];
      return Number(hours) * 60 + Number(mins);
    };
    const isoMinutes = (iso: string) => {
      const [, d = '0', h = '0', m = '0'] = iso.match(/^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/) ?? [];
      return Number(d) * 1440 + Number(h) * 60 + Number(m);
    };
    let noCooking = 0;
    for (const page of recipePages) {
      const ld = jsonLdOf(page.html).find((l) => l['@type'] === 'Recipe') as {
        prepTime: string;
        cookTime: string;
      };
      const cook = shownMinutes(page.html, 'Cook Time');
      if (cook === 0) noCooking++;
      expect([isoMinutes(ld.prepTime), isoMinutes(ld.cookTime)], page.path).toEqual([
        shownMinutes(page.html, 'Prep Time'),
        cook,
      ]);
    }
    // The seed has no-cook recipes (smoothies, salads, tiramisu): the case this guards is present.
    expect(noCooking).toBeGreaterThan(0);
  });

  it('step anchors in the markup exist on the page', () => {
    for (const page of recipePages.slice(0, 20)) {
      const ld = jsonLdOf(page.html).find((l) => l['@type'] === 'Recipe') as {
        recipeInstructions: { url: string }[];
      };
      for (const step of ld.recipeInstructions) expect(page.html).toContain(`id="${step.url.split('#')[1]}"`);
    }
  });

  it('every recipe page has a BreadcrumbList ending at the recipe', () => {
    for (const page of recipePages) {
      const crumbs = jsonLdOf(page.html).find((ld) => ld['@type'] === 'BreadcrumbList') as
        { itemListElement: { position: number; item: string }[] } | undefined;
      expect(crumbs, page.path).toBeDefined();
      expect(crumbs!.itemListElement.at(-1)!.item.endsWith(page.path)).toBe(true);
      expect(crumbs!.itemListElement.map((i) => i.position)).toEqual(
        crumbs!.itemListElement.map((_, i) => i + 1),
      );
    }
  });
});

describe('other structured data', () => {
  it('category pages carry ItemList and BreadcrumbList, never Recipe', () => {
    const categoryPages = pages.filter((p) => p.path.startsWith('/category/'));
    expect(categoryPages.length).toBeGreaterThan(0);
    for (const page of categoryPages) {
      const types = typesOf(page);
      expect(types, page.path).toContain('ItemList');
      expect(types, page.path).toContain('BreadcrumbList');
      expect(types, page.path).not.toContain('Recipe');
      const list = jsonLdOf(page.html).find((ld) => ld['@type'] === 'ItemList') as {
        itemListElement: { position: number; url: string }[];
      };
      const urls = list.itemListElement.map((i) => i.url);
      expect(new Set(urls).size).toBe(urls.length);
      for (const url of urls) expect(byPath.has(new URL(url).pathname), url).toBe(true);
    }
  });

  it('no page other than a recipe page carries Recipe markup', () => {
    const recipePaths = new Set(recipePages.map((p) => p.path));
    for (const page of pages) {
      if (recipePaths.has(page.path)) continue;
      expect(typesOf(page), page.path).not.toContain('Recipe');
    }
  });

  it('the home page has WebSite with a SearchAction to /search, and Organization', () => {
    const home = byPath.get('/')!;
    const ld = jsonLdOf(home.html);
    const website = ld.find((l) => l['@type'] === 'WebSite') as {
      potentialAction: { target: { urlTemplate: string }; 'query-input': string };
    };
    expect(website.potentialAction.target.urlTemplate).toMatch(/\/search\?q=\{search_term_string\}$/);
    expect(website.potentialAction['query-input']).toBe('required name=search_term_string');
    const organization = ld.find((l) => l['@type'] === 'Organization') as { name: string; logo: string };
    expect(organization.name).toBeTruthy();
    expect(organization.logo).toMatch(/^https?:\/\//);
  });

  it('blog posts carry BlogPosting with a headline, image and date', () => {
    const posts = pages.filter((p) => /^\/blog\/(?!category\/)[^/]+$/.test(p.path));
    expect(posts.length).toBeGreaterThan(0);
    for (const page of posts) {
      const post = jsonLdOf(page.html).find((l) => l['@type'] === 'BlogPosting') as {
        headline: string;
        image: string[];
        datePublished: string;
      };
      expect(post.headline, page.path).toBeTruthy();
      expect(post.image[0]).toMatch(/^https?:\/\//);
      expect(Number.isNaN(Date.parse(post.datePublished))).toBe(false);
    }
  });
});
