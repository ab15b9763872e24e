// Reading a request body without ever holding more than a limit in memory: a declared
// Content-Length over the limit is refused before a byte is read, and a body that streams past
// it is cancelled at the first chunk that crosses it. Each caller names its own errors (a JSON
// endpoint and an upload word "too large" differently).

export interface BodyLimit {
  maxBytes: number;
  /** The error thrown when the body is (or says it is) larger than `maxBytes`. */
  tooLarge: () => Error;
  /** The error thrown when the stream breaks (client gone, bad chunked encoding, short body). */
  unreadable: () => Error;
}

/** The whole body as bytes (empty when there is none), or the limit's error. */
export async function readBodyCapped(req: Request, limit: BodyLimit): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit.maxBytes) throw limit.tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw limit.unreadable();
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > limit.maxBytes) {
      await reader.cancel().catch(() => {});
      throw limit.tooLarge();
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}
