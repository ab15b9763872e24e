import fs from 'node:fs';

// Where a process's resident memory is, read from /proc/<pid>/smaps (Linux): WebAssembly
// memories (PGlite's Postgres), the malloc heap, other anonymous memory (V8's heap, thread
// arenas, Buffers) and mapped files (the node binary, libraries).

export interface MemoryMap {
  totalMb: number;
  wasmMb: number;
  mallocHeapMb: number;
  otherAnonMb: number;
  fileMb: number;
}

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  rssKb: number;
}

function mappings(pid: number): Mapping[] {
  const out: Mapping[] = [];
  let current: Mapping | undefined;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = {
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3] ?? '',
        name: head[4] ?? '',
        rssKb: 0,
      };
      out.push(current);
    } else if (current && line.startsWith('Rss:')) {
      current.rssKb = Number(/\d+/.exec(line)?.[0] ?? 0);
    }
  }
  return out;
}

const GiB = 1024n * 1024n * 1024n;

export function memoryMap(pid: number): MemoryMap {
  const maps = mappings(pid);
  let wasm = 0;
  let heap = 0;
  let anon = 0;
  let file = 0;
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    // V8 reserves 8 GiB (+ guard) per WebAssembly memory; the used part is the mapping before it.
    const isWasm =
      m.name === '' &&
      m.perms.startsWith('rw') &&
      next?.start === m.end &&
      next.perms === '---p' &&
      next.end - m.start >= 4n * GiB;
    if (isWasm) wasm += m.rssKb;
    else if (m.name === '[heap]') heap += m.rssKb;
    else if (m.name === '' || m.name.startsWith('[')) anon += m.rssKb;
    else file += m.rssKb;
  });
  const mb = (kb: number) => Math.round(kb / 1024);
  return {
    totalMb: mb(wasm + heap + anon + file),
    wasmMb: mb(wasm),
    mallocHeapMb: mb(heap),
    otherAnonMb: mb(anon),
    fileMb: mb(file),
  };
}

/**
 * With FORKFUL_MEMORY_LOG=<seconds>, the server logs its memory every so often: RSS split as
 * above plus V8's own figures (heap used/total, external and ArrayBuffer memory).
 */
export function startMemoryLog(): void {
  const seconds = Number(process.env.FORKFUL_MEMORY_LOG);
  if (!(seconds > 0)) return;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  setInterval(() => {
    const m = process.memoryUsage();
    const map = memoryMap(process.pid);
    console.log(
      `[memory] rss ${map.totalMb} MB (wasm ${map.wasmMb}, malloc heap ${map.mallocHeapMb}, other anon ${map.otherAnonMb}, files ${map.fileMb}); ` +
        `V8 heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, array buffers ${mb(m.arrayBuffers)} MB`,
    );
  }, seconds * 1000).unref();
}
