// ESLint flat config. `npm run lint` runs this and `prettier --check .`; `npm test` runs lint first.
//
// Errors are kept for layer violations (docs/ARCHITECTURE.md) and real bugs; style is Prettier's job,
// and opinions (`any`, unused names, hook dependencies) are warnings so new code is not fought.
// No type-aware rules: they would make lint take minutes on this machine.
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { builtinRules } from 'eslint/use-at-your-own-risk';

/** ESLint's own recommended rules (what @eslint/js ships as `recommended`, without the extra package). */
const jsRecommended = {
  rules: Object.fromEntries(
    [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
  ),
};

/** The layers and what each may import from our own code (everything else of ours is an error). */
const ours = [
  'src/lib',
  'src/stores',
  'src/islands',
  'src/components',
  'src/layouts',
  'src/pages',
  'src/data',
  'src/content.config.ts',
  'src/live.config.ts',
  'functions',
  'db',
  'scripts',
  'tests',
];
const NODE_BUILTINS = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'https',
  'net',
  'url',
  'util',
  'stream',
  'zlib',
  'worker_threads',
];

/** A zone: files under `target` may import our code only from `allowed` (and from their own layer). */
function layer(target, allowed, message) {
  const from = ours.filter((p) => p !== target && !allowed.includes(p) && !target.startsWith(`${p}/`));
  return { target: `./${target}`, from: from.map((p) => `./${p}`), message };
}

const zones = [
  layer('src/lib', [], 'src/lib is pure: it imports only src/lib (see docs/ARCHITECTURE.md).'),
  layer('src/stores', ['src/lib'], 'Stores import only src/lib.'),
  layer('src/islands', ['src/lib', 'src/stores'], 'Islands import only src/stores and src/lib.'),
  layer(
    'src/components',
    ['src/lib', 'src/islands', 'src/layouts', 'src/data', 'src/stores'],
    'Components import src/lib and src/data (islands only from .astro with a client: directive).',
  ),
  layer('src/layouts', ['src/lib', 'src/components', 'src/islands', 'src/data', 'src/stores'], undefined),
  layer(
    'src/pages',
    ['src/lib', 'src/components', 'src/layouts', 'src/islands', 'src/data', 'src/stores'],
    'Pages read data through src/data (astro:content), never the database.',
  ),
  layer('src/data', ['src/lib'], 'src/data reads astro:content only; it imports src/lib.'),
  layer('src/content.config.ts', ['src/lib', 'db'], undefined),
  layer('src/live.config.ts', ['src/lib', 'db'], undefined),
  layer('functions', ['src/lib', 'db'], 'Functions import functions/_shared, db and src/lib.'),
  layer('db', ['src/lib'], 'db imports only src/lib (schemas and types).'),
  // Finer rules inside a layer.
  // Components render on the server: islands only from .astro (client: directive); browser scripts
  // in src/components/scripts/ are client entry points and may mount islands and use stores.
  {
    target: ['./src/components/*.ts', './src/components/*.tsx'],
    from: ['./src/islands', './src/stores'],
    message: 'Only .astro components use islands (with a client: directive); stores belong to scripts/.',
  },
  {
    target: './src/components/*.astro',
    from: './src/stores',
    message: 'Stores are browser state: use them from src/components/scripts/ or an island.',
  },
  {
    target: './functions/_shared',
    from: './functions',
    except: ['./_shared'],
    message: 'functions/_shared must not import a function file.',
  },
  {
    target: ['./functions', './src/content.config.ts', './src/live.config.ts'],
    from: './db/seed.ts',
    message: 'db/seed.ts is for the seeding scripts; move shared constants to a small module.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.dist-builds/',
      '.astro/',
      '.data/',
      '.netlify/',
      'node_modules/',
      'public/',
      'content/',
      'bench/',
      '**/*.d.ts',
    ],
  },
  jsRecommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['warn', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['warn', { allowEmptyCatch: true }],
      'prefer-const': 'warn',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // A migration is frozen in time: it takes Kysely<any>, never the app's current schema types,
    // so a later schema change cannot alter (or break) what an old migration did.
    files: ['db/migrations/*.ts'],
    ignores: ['db/migrations/index.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}', '**/*.astro/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // is:inline scripts run as written (no bundling) and may declare page globals with `var`.
    files: ['**/*.astro/*.js', '**/*.astro/*.ts'],
    rules: { 'no-var': 'off' },
  },
  {
    // The classic hook rules only: the React Compiler rules of eslint-plugin-react-hooks 7 run the
    // compiler on every component (two thirds of lint time) and flag code written before it.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // src/lib is pure: no I/O, no framework, no database (tests beside it may use Node).
    files: ['src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'astro:*',
                'kysely',
                '@electric-sql/*',
                '@neondatabase/*',
                '@netlify/*',
                ...NODE_BUILTINS,
              ],
              message: 'src/lib is pure: no Node built-ins, astro:*, database or platform packages.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
