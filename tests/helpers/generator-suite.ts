// The setup every AI generator API suite shares: a fake OpenAI-compatible server on 127.0.0.1
// that the real `openai` SDK talks to, a folder image store, the admin and a cook signed in, and
// the generator's defaults restored before each test.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import generator from '../../functions/generator.ts';
import { workerIdle } from '../../functions/_shared/generator/worker.ts';
import { FolderImageStore, setImageStore } from '../../functions/_shared/images/store.ts';
import { publishingSettled } from '../../functions/_shared/publish.ts';
import { signUp, type TestAccount } from './accounts.ts';
import { logInAdmin } from './admin-session.ts';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.ts';
import { TEST_DATA } from './paths.ts';
import { routeCaller, engine, useTestDatabase } from './test-db.ts';

/**
 * Registers the generator suite's hooks. The accounts and the fake are filled in place in
 * beforeAll, so a suite may destructure them at once.
 */
export function useGeneratorSuite() {
  const db = useTestDatabase();
  const admin = {} as TestAccount;
  const cook = {} as TestAccount;
  const fake = {} as FakeOpenAI;
  const env = { ...process.env };

  /** A generator route called as the admin. */
  const api = routeCaller(generator, () => admin);
  const recipeCount = async () =>
    Number(
      (
        await db()
          .selectFrom('recipes')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const publishWrites = async () =>
    Number(
      (
        await db()
          .selectFrom('publish_requests')
          .select(sql<number>`coalesce(sum((scope->>'writes')::int), 0)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lastLog = () =>
    db().selectFrom('generation_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const waitForJob = async (id: number) => {
    await workerIdle();
    const res = await api('GET', '/api/generator/jobs/:id', { params: { id } });
    return res.body;
  };

  beforeAll(async () => {
    Object.assign(fake, await startFakeOpenAI());
    process.env.OPENAI_API_KEY = 'test-key';
    process.env.OPENAI_BASE_URL = fake.url;
    process.env.OPENAI_MAX_RETRIES = '0';
    process.env.OPENAI_TIMEOUT_SECONDS = '2';
    delete process.env.OPENAI_IMAGE_MODEL;
    const images = path.join(TEST_DATA, `generator-images-${engine}`);
    fs.mkdirSync(images, { recursive: true });
    setImageStore(new FolderImageStore(images));
    Object.assign(admin, await logInAdmin());
    Object.assign(cook, await signUp('cook'));
    await db().updateTable('generator_config').set({ is_enabled: true, max_per_day: 1000 }).execute();
  });

  afterAll(async () => {
    await workerIdle();
    await publishingSettled();
    setImageStore(undefined);
    await fake.close();
    for (const key of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MAX_RETRIES', 'OPENAI_TIMEOUT_SECONDS'])
      if (env[key] === undefined) delete process.env[key];
      else process.env[key] = env[key];
  });

  // Every test starts from the generator's defaults (switched on with a 1000-a-day cap, nothing
  // used today, no schedule, no CSV upload, no lock) and a fresh fake, whatever ran before it.
  beforeEach(async () => {
    fake.reset();
    await db()
      .updateTable('generator_config')
      .set({
        is_enabled: true,
        max_per_day: 1000,
        current_count: 0,
        scheduling_enabled: sql<boolean>`DEFAULT`,
        schedule_hours: sql<number[]>`DEFAULT`,
        batch_size: sql<number>`DEFAULT`,
        csv_upload_enabled: sql<boolean>`DEFAULT`,
        last_scheduled_hour: null,
        run_lock_until: null,
        run_lock_owner: null,
      })
      .execute();
  });

  return { db, admin, cook, fake, api, recipeCount, publishWrites, lastLog, waitForJob };
}
