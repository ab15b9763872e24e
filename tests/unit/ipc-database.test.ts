import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite, type EmbeddedDatabase } from '../../db/embedded.ts';
import { serveQueriesTo, type SharedQueries } from '../../scripts/lib/ipc-database.ts';

// The host's side of a build worker's database (scripts/lib/ipc-database.ts): queries arrive as
// IPC messages. The workers of one build share the queries in flight, so the whole catalogue
// their loaders all read at once is read once. The IPC channel is an EventEmitter here; the
// database is a real (in-memory) PGlite, whose sequence tells how often a query really ran.

let embedded: EmbeddedDatabase;
// PGlite starts in ~3 s alone; beside the rest of `npm test` it took over the default 10 s.
beforeAll(async () => {
  embedded = openPGlite(undefined);
  await sql`CREATE SEQUENCE runs`.execute(embedded.db);
}, 120_000);
afterAll(async () => {
  await embedded.close();
});

/** A stand-in for a forked worker: what it is sent is kept; `ask` sends the host a query. */
function worker() {
  const channel = new EventEmitter() as EventEmitter & { connected: boolean; send: (m: unknown) => boolean };
  const replies = new Map<number, (rows: unknown[]) => void>();
  channel.connected = true;
  channel.send = (m: unknown) => {
    const reply = m as { id: number; rows?: unknown[] };
    replies.get(reply.id)?.(reply.rows ?? []);
    return true;
  };
  let id = 0;
  const ask = (text: string, parameters: unknown[] = []) =>
    new Promise<unknown[]>((resolve) => {
      replies.set(++id, resolve);
      channel.emit('message', { type: 'query', id, sql: text, parameters });
    });
  return { child: channel as unknown as ChildProcess, ask };
}

const RUN = 'SELECT nextval($1) AS n';

describe('serveQueriesTo', { timeout: 30_000 }, () => {
  it('answers two workers asking the same thing at once from one run', async () => {
    const shared: SharedQueries = new Map();
    const [a, b] = [worker(), worker()];
    serveQueriesTo(a.child, embedded.db, shared);
    serveQueriesTo(b.child, embedded.db, shared);
    const [fromA, fromB] = await Promise.all([a.ask(RUN, ['runs']), b.ask(RUN, ['runs'])]);
    expect(fromA).toEqual(fromB);
    expect(shared.size).toBe(0);
  });

  it.each([
    { name: 'one after the other', shared: true, together: false },
    { name: 'at once, without a shared map', shared: false, together: true },
  ])('runs a query each time when asked $name', async ({ shared, together }) => {
    const map: SharedQueries | undefined = shared ? new Map() : undefined;
    const [a, b] = [worker(), worker()];
    serveQueriesTo(a.child, embedded.db, map);
    serveQueriesTo(b.child, embedded.db, map);
    const answers = together
      ? await Promise.all([a.ask(RUN, ['runs']), b.ask(RUN, ['runs'])])
      : [await a.ask(RUN, ['runs']), await b.ask(RUN, ['runs'])];
    expect(answers[0]).not.toEqual(answers[1]);
  });

  it('shares only identical queries: other parameters run on their own', async () => {
    await sql`CREATE SEQUENCE other_runs`.execute(embedded.db);
    const shared: SharedQueries = new Map();
    const [a, b] = [worker(), worker()];
    serveQueriesTo(a.child, embedded.db, shared);
    serveQueriesTo(b.child, embedded.db, shared);
    const [fromA, fromB] = await Promise.all([a.ask(RUN, ['runs']), b.ask(RUN, ['other_runs'])]);
    expect(fromB).toEqual([{ n: 1 }]);
    expect(fromA).not.toEqual([{ n: 1 }]);
  });
});
