import type { ChildProcess } from 'node:child_process';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';

// A build runs in a child process (so its memory is returned when it ends) while the embedded
// database stays in the host, the one process allowed to open it. The child's kysely sends each
// compiled query over the IPC channel and the host runs it.

interface QueryMessage {
  type: 'query';
  id: number;
  sql: string;
  parameters: readonly unknown[];
}
interface ReplyMessage {
  type: 'reply';
  id: number;
  rows?: unknown[];
  numAffectedRows?: bigint;
  error?: string;
}

/**
 * Queries in progress, shared by the workers of one build (scripts/lib/build-shards.ts): each
 * worker's content loaders read the whole catalogue at the same moment, and a query the host is
 * already running for one worker answers the other too instead of running twice. Only queries
 * in flight are shared; the next one runs afresh.
 */
export type SharedQueries = Map<string, Promise<QueryResult<unknown>>>;

/** Host side: answers the child's queries with the real database. */
export function serveQueriesTo(child: ChildProcess, db: Db, shared?: SharedQueries): void {
  child.on('message', (message: QueryMessage) => {
    if (message?.type !== 'query') return;
    run(message)
      .then((result) =>
        reply({
          type: 'reply',
          id: message.id,
          rows: result.rows as unknown[],
          ...(result.numAffectedRows !== undefined ? { numAffectedRows: result.numAffectedRows } : {}),
        }),
      )
      .catch((err: unknown) =>
        reply({ type: 'reply', id: message.id, error: err instanceof Error ? err.message : String(err) }),
      );
  });
  function run(message: QueryMessage): Promise<QueryResult<unknown>> {
    const execute = () => db.executeQuery(CompiledQuery.raw(message.sql, [...message.parameters]));
    const key = shared && queryKey(message);
    if (!shared || key === undefined) return execute();
    const running = shared.get(key);
    if (running) return running;
    const started = execute().finally(() => shared.delete(key));
    shared.set(key, started);
    return started;
  }
  function reply(message: ReplyMessage): void {
    if (child.connected) child.send(message);
  }
}

/** The identity of a query (its SQL and parameters), or undefined for one that cannot be keyed. */
function queryKey(message: QueryMessage): string | undefined {
  try {
    return `${message.sql}\u0000${JSON.stringify(message.parameters)}`;
  } catch {
    return undefined; // e.g. a bigint parameter: run it alone
  }
}

/** Child side: a read-only kysely whose queries run in the host. */
export function ipcDatabase(): Db {
  const pending = new Map<
    number,
    { resolve: (r: QueryResult<unknown>) => void; reject: (e: Error) => void }
  >();
  let nextId = 0;
  process.on('message', (message: ReplyMessage) => {
    if (message?.type !== 'reply') return;
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error));
    else
      waiter.resolve({
        rows: message.rows ?? [],
        ...(message.numAffectedRows !== undefined ? { numAffectedRows: message.numAffectedRows } : {}),
      });
  });
  const connection: DatabaseConnection = {
    executeQuery: <R>(query: CompiledQuery) =>
      new Promise<QueryResult<R>>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve: resolve as (r: QueryResult<unknown>) => void, reject });
        process.send!({
          type: 'query',
          id,
          sql: query.sql,
          parameters: query.parameters,
        } satisfies QueryMessage);
      }),
    // eslint-disable-next-line require-yield
    streamQuery: async function* () {
      throw new Error('Streaming queries are not available in a build worker.');
    },
  };
  const noTransactions = async () => {
    throw new Error('A build worker only reads; transactions run in the host.');
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: noTransactions,
    commitTransaction: noTransactions,
    rollbackTransaction: noTransactions,
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  return new Kysely<Database>({ dialect });
}
