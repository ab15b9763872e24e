import fs from 'node:fs';
import path from 'node:path';
import { memoryUnderLoad, rssMb, type MemoryLoadResult } from './memory-load.ts';
import { memoryMap, type MemoryMap } from './memory-map.ts';
import { freePort, startServer } from './bench/server.ts';
import { SERVER_NODE_FLAGS } from './server-flags.ts';

// `npm run bench`'s memory figures: a fresh server on the real content, started as
// `npm start` starts it, then 5 minutes of mixed load and 2 quiet minutes. RSS after start, at
// the peak, at the end of the load and after the quiet period, and where the memory is.
// BENCH_LOAD_SECONDS / BENCH_SETTLE_SECONDS shorten a run by hand.

export interface MemoryBenchResult extends MemoryLoadResult {
  mapAfterStart: MemoryMap;
  mapAfterSettle: MemoryMap;
}

const ADMIN_PASSWORD = 'Bench-memory-Orchard-42';

export async function benchMemory(
  root: string,
  log: (line: string) => void = console.log,
  nodeFlags: readonly string[] = SERVER_NODE_FLAGS,
): Promise<MemoryBenchResult> {
  const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
  const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 120);
  const dataDir = path.join(root, '.data', 'bench-memory');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const { child } = await startServer(dataDir, port, 0, undefined, { nodeFlags, env: { ADMIN_PASSWORD } });
  try {
    const pid = child.pid ?? 0;
    // Let start-up work (first build's leftovers, JIT) settle before the baseline.
    await new Promise((r) => setTimeout(r, 5000));
    const mapAfterStart = memoryMap(pid);
    log(
      `  memory: RSS after start ${rssMb(pid)} MB; ${loadSeconds} s of mixed load, then ${settleSeconds} s quiet…`,
    );
    const result = await memoryUnderLoad({
      base,
      pid,
      login: { username: 'admin', password: ADMIN_PASSWORD },
      loadMs: loadSeconds * 1000,
      settleMs: settleSeconds * 1000,
      progress: (line) => {
        if (/^\d*0 s:/.test(line) && Number(line.split(' ')[0]) % 60 === 0) log(`  memory: ${line}`);
      },
    });
    return { ...result, mapAfterStart, mapAfterSettle: memoryMap(pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The lines `npm run bench` prints for a memory result. */
export function memoryReport(r: MemoryBenchResult): string[] {
  const where = (m: MemoryMap) =>
    `PGlite WASM ${m.wasmMb}, malloc ${m.mallocHeapMb}, V8 and other anonymous ${m.otherAnonMb}, files ${m.fileMb}`;
  return [
    `Server RSS under mixed load (${r.requests} requests in ${r.loadSeconds} s; statuses ${JSON.stringify(r.byStatus)}):`,
    `  after start ${r.rssMbAfterStart} MB, peak ${r.rssMbPeak} MB, end of load ${r.rssMbEndOfLoad} MB, ${r.settleSeconds} s later ${r.rssMbAfterSettle} MB`,
    `  after start: ${where(r.mapAfterStart)} (MB)`,
    `  after quiet: ${where(r.mapAfterSettle)} (MB)`,
  ];
}
