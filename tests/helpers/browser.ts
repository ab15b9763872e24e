import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/lib/chromium.ts';
import { REQUIRED } from './paths.ts';

export { chromiumPath };

if (!chromiumPath) {
  if (REQUIRED)
    throw new Error(
      'No Chromium found: under CI the browser suite is required (.ci/run installs it with apt-get).',
    );
  console.log('browser: no Chromium found (apt-get install -y chromium), so the browser tests are skipped.');
}

/** A browser for the file's tests (fresh profile); pages collect console errors. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!chromiumPath) return;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...CHROMIUM_FLAGS],
      headless: true,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not running.');
    return browser;
  };
}

/** Opens a page that records console errors and failed requests into `errors`. */
export async function openPage(
  browser: Browser,
  options: { colorScheme?: 'light' | 'dark'; width?: number; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
    // The site's service worker answers requests before page.route() sees them, so tests that
    // hold back or count requests would wait forever: it runs only where a test asks for it.
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors };
}

/** The one console error an anonymous page logs: /api/auth/me (the header's account menu) answering 401. */
export const SESSION_CHECK_401 =
  'Failed to load resource: the server responded with a status of 401 (Unauthorized)';
/** The console errors that count: all but the anonymous session check's expected 401. */
export const unexpectedErrors = (errors: string[]) => errors.filter((e) => e !== SESSION_CHECK_401);

/** A same-origin JSON call from the page, so the session cookie is the browser's own. */
export function pageFetch<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    { method, url, body },
  ) as Promise<{ status: number; body: T }>;
}

/** The seeded admin's password on the browser suite's server (global-setup-server.ts). */
export const ADMIN_PASSWORD = 'admin-test-password';

/** Logs the page in as the seeded admin from a page of the site; answers the login's status. */
export async function logInAsAdmin(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/about-us`, { waitUntil: 'networkidle' });
  const login = await pageFetch(page, 'POST', '/api/auth/login', {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  return login.status;
}

/** Opens the header's auth dialog on its Sign Up tab; `field(name)` is one of its visible inputs. */
export async function openSignUp(page: Page, baseUrl: string) {
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  await page.locator('#account-menu-root').getByRole('button', { name: 'Login' }).click();
  const auth = page.getByRole('dialog', { name: 'Welcome to Forkful' });
  await auth.waitFor();
  await auth.getByRole('tab', { name: 'Sign Up' }).click();
  // Both tabs' forms are in the dialog; only the chosen one is visible.
  const field = (name: string) => auth.locator(`input[name="${name}"]:visible`);
  return { auth, field };
}

/** The fields of a recipe the scaling tests read from GET /api/recipes. */
export interface ScalableRecipe {
  id: number;
  slug: string;
  servings: number;
  ingredients: unknown;
}

/** A seeded recipe with a flat ingredient list holding '1 1/2 cups …' and 2 servings or more. */
export async function recipeToScale(baseUrl: string): Promise<{ recipe: ScalableRecipe; line: string }> {
  const recipes = (await (await fetch(`${baseUrl}/api/recipes?limit=100`)).json()) as ScalableRecipe[];
  for (const recipe of recipes) {
    if (recipe.servings < 2 || !Array.isArray(recipe.ingredients)) continue;
    const line = recipe.ingredients.find(
      (i): i is string => typeof i === 'string' && /^1 1\/2 cups /.test(i),
    );
    if (line) return { recipe, line };
  }
  throw new Error('No seeded recipe has a "1 1/2 cups" ingredient.');
}

/** Signs a fresh reader up from a page of the site (the browser keeps the session); answers the username. */
export async function signUpFromPage(page: Page, prefix: string): Promise<string> {
  const username = `${prefix}_${Date.now().toString(36)}`;
  const signup = await pageFetch(page, 'POST', '/api/auth/signup', {
    username,
    email: `${username}@example.com`,
    password: 'pass-word-42',
  });
  if (signup.status !== 201)
    throw new Error(`Sign-up failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  return username;
}
