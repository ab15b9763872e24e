import { HtmlValidate, type ConfigData } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { builtPages, type BuiltPage, currentBuildDir } from './built-site.ts';

// Every built page validates under html-validate's recommended preset. The
// exceptions below are style preferences, not HTML errors, each with its reason.

const CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React's server renderer writes `<input/>`, `disabled=""` and some attribute names in
    // camelCase (`inputMode`, `dateTime`). All are valid HTML (the parser ignores the slash and
    // lowercases names); these rules only ask for one spelling.
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'attr-case': 'off',
    // React's useId() makes ids like `_r1R_0_`: valid HTML ids (no whitespace); the strict mode
    // only wants ids that are also CSS identifiers without escaping.
    'valid-id': ['error', { relaxed: true }],
    // Progress bars (cooking steps, shopping list, calorie goal) are styled divs with
    // role="progressbar" and aria-value*: <progress> cannot carry the labelled, themed bar.
    'prefer-native-element': ['error', { exclude: ['progressbar'] }],
    // Bar widths are data (step 3 of 7), not presentation a class could hold.
    'no-inline-style': ['error', { allowedProperties: ['display', 'width'] }],
    // Search-result length advice, not validity: the long titles are noindex cooking-mode pages
    // naming a recipe in full.
    'long-title': 'off',
    // A group of checkboxes sharing one name is how a plain GET form sends a list
    // (?diet=vegan&diet=gluten-free, the search filters); the rule only shares radios by default.
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
  },
};

const buildDir = currentBuildDir();
const validator = new HtmlValidate(CONFIG);

/** A page's type: its path with everything after the first segment generalised. */
function pageType(urlPath: string): string {
  const [first, ...rest] = urlPath.split('/').filter(Boolean);
  if (!first) return '/';
  if (first === 'blog' && rest[0] === 'category') return '/blog/category/:x';
  if (first === 'recipe' && rest[0] && /^\d+$/.test(rest[0])) return `/recipe/:id${rest[1] ? '/cook' : ''}`;
  return `/${[first, ...rest.map((r) => (r === 'cook' ? r : ':x'))].join('/')}`;
}

const byType = new Map<string, BuiltPage[]>();
for (const page of builtPages(buildDir)) {
  const type = pageType(page.path);
  byType.set(type, [...(byType.get(type) ?? []), page]);
}

describe('html-validate (recommended preset) over every built page', () => {
  it.each([...byType].map(([type, pages]) => [type, pages.length, pages] as const))(
    '%s (%i pages) has no errors',
    async (_type, _count, pages) => {
      const errors: string[] = [];
      for (const page of pages) {
        // The W3C checker (not html-validate) rejects anything after </html>, e.g. a script
        // placed after a layout component.
        if (!/<\/html>\s*$/.test(page.html)) errors.push(`${page.path}: content after </html>`);
        const report = await validator.validateString(page.html, page.file);
        for (const result of report.results)
          for (const m of result.messages)
            if (m.severity === 2) errors.push(`${page.path}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
      }
      expect(errors.slice(0, 20), `${errors.length} errors`).toEqual([]);
    },
  );

  it('finds errors where there are some (the checker is live)', async () => {
    const report = await validator.validateString(
      '<!doctype html><html lang="en"><head><title>x</title></head><body><div><style>p{}</style></div></body></html><script></script>',
    );
    expect(report.valid).toBe(false);
  });
});
