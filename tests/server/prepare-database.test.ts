import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_REQUIRED_MESSAGE, SeedRefusedError } from '../../db/seed.ts';
import { prepareDatabase } from '../../scripts/lib/prepare.ts';
import { ROOT, TEST_DATA } from '../helpers/paths.ts';

// The deploy step migrates and seeds an empty database. On a Netlify build (NETLIFY=true) the
// admin's first password is never generated, since it would be printed in the deploy log: without
// ADMIN_PASSWORD it refuses with a sentence naming it, and seeds nothing. Locally it still
// generates one and reports it once.

const dataDir = path.join(TEST_DATA, 'prepare-admin-password');
const saved = {
  FORKFUL_DATA_DIR: process.env.FORKFUL_DATA_DIR,
  NETLIFY: process.env.NETLIFY,
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
  DATABASE_URL: process.env.DATABASE_URL,
  NETLIFY_DATABASE_URL: process.env.NETLIFY_DATABASE_URL,
};

describe('seeding the admin password', () => {
  beforeEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.env.FORKFUL_DATA_DIR = dataDir;
    delete process.env.ADMIN_PASSWORD;
    delete process.env.DATABASE_URL;
    delete process.env.NETLIFY_DATABASE_URL;
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a Netlify build without ADMIN_PASSWORD refuses with a sentence and seeds nothing; locally it generates one', async () => {
    process.env.NETLIFY = 'true';
    const refused = await prepareDatabase({ root: ROOT }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(SeedRefusedError);
    expect((refused as Error).message).toBe(ADMIN_PASSWORD_REQUIRED_MESSAGE);
    expect((refused as Error).message).toMatch(/^ADMIN_PASSWORD is not set/);

    // Nothing was seeded (the next run seeds from scratch), and locally the password is generated once.
    delete process.env.NETLIFY;
    const local = await prepareDatabase({ root: ROOT });
    try {
      expect(local.report.some((line) => /^Seeded \d+ recipes/.test(line))).toBe(true);
      expect(local.report.some((line) => /^Admin login: username "admin", password "/.test(line))).toBe(true);
    } finally {
      await local.close();
    }
  });

  it('a Netlify build with ADMIN_PASSWORD seeds and prints no password', async () => {
    process.env.NETLIFY = 'true';
    process.env.ADMIN_PASSWORD = 'Deploy-Chosen-Password-42';
    const prepared = await prepareDatabase({ root: ROOT });
    try {
      expect(prepared.report.some((line) => /^Seeded \d+ recipes/.test(line))).toBe(true);
      expect(prepared.report.join('\n')).not.toContain('Deploy-Chosen-Password-42');
      expect(prepared.report).toContain(
        'Admin login: username "admin" with the password from ADMIN_PASSWORD',
      );
    } finally {
      await prepared.close();
    }
  });
});
