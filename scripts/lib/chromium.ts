import fs from 'node:fs';

// The system Chromium (Debian's package: Playwright's own download is not reachable here) and
// the flags every browser this project starts uses: headless, no sandbox (root), and no
// background network on this closed machine. The browser tests, Lighthouse and the rehearsal
// share them.

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter(Boolean) as string[];

/** The Chromium executable, if one is installed. */
export const chromiumPath: string | undefined = CANDIDATES.find((p) => fs.existsSync(p));

export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
