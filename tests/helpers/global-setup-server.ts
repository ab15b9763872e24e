import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, TEST_DATA } from './paths.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/lib/server-flags.ts';
import { startFakeOpenAI } from './fake-openai.ts';
import { startImageServer } from './image-server.ts';
import { migrateToLatest } from '../../db/client.ts';
import { openPGlite } from '../../db/embedded.ts';
import { seedDatabase } from '../../db/seed.ts';
import { addPagingFixtures } from './paging-fixtures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's builds folder; `current.json` in it names the build being served. */
    buildsDir: string;
    /** Another site's image server as far as the admin's image fetch knows (image-server.ts). */
    imageServerUrl: string;
  }
}

/**
 * Starts the real local server (`npm start`'s script) on a fresh embedded database and a free
 * port, for the browser and built-site suites; stops it afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = path.join(TEST_DATA, 'server');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const siteUrl = `http://localhost:${port}`;
  // The database the server would seed, plus the extra recipes and posts that give the paged lists
  // a second page (paging-fixtures.ts); the server finds it seeded and leaves it as it is.
  const embedded = openPGlite(path.join(dataDir, 'pglite'));
  try {
    await migrateToLatest(embedded.db);
    await seedDatabase(embedded.db, {
      contentDir: path.join(ROOT, 'content'),
      siteUrl,
      adminPassword: 'admin-test-password',
    });
    await addPagingFixtures(embedded.db);
  } finally {
    await embedded.close();
  }
  // The AI generator talks to a fake OpenAI-compatible server (it stays switched off until a test
  // turns it on in the admin's tab).
  const fakeOpenAI = await startFakeOpenAI();
  const imageServer = await startImageServer();
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/serve.ts'], {
    cwd: ROOT,
    // NODE_ENV=production: vitest sets "test", which would make the build bundle React's development code.
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      PORT: String(port),
      FORKFUL_DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'admin-test-password',
      SITE_URL: siteUrl,
      OPENAI_API_KEY: 'fake-key',
      OPENAI_BASE_URL: fakeOpenAI.url,
      // An upload nothing refers to counts as unused after 5 s instead of a day, so the Cache
      // tab's "Remove unused images" has something to remove within a test (admin-images.test.ts).
      FORKFUL_UNUSED_IMAGE_GRACE_SECONDS: '5',
      // The one loopback server the admin's image fetch may reach (scripts/lib/local-image-fetch.ts).
      FORKFUL_LOCAL_IMAGE_SERVER: imageServer.hostPort,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((resolve, reject) => {
    // The first build comes before 'running'; on a shared 2-core machine it can take minutes.
    const timer = setTimeout(
      () => reject(new Error(`The server did not start within 360 s:\n${output}`)),
      360_000,
    );
    const check = setInterval(() => {
      if (output.includes('Forkful is running at')) {
        clearTimeout(timer);
        clearInterval(check);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`The server exited (${code}) before it was ready:\n${output}`));
    });
  });
  project.provide('baseUrl', `http://localhost:${port}`);
  project.provide('buildsDir', path.join(dataDir, 'builds'));
  project.provide('imageServerUrl', imageServer.url);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await fakeOpenAI.close();
    await imageServer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
