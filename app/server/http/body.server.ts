// The one bounded read of a request body, for forms (form.server.ts) and REST's JSON (rest.server.ts): a declared
// Content-Length over the limit is refused before reading, and a body without one (chunked) or with a lying one is
// read only up to the limit, then the stream is cancelled and the answer is a 413 at once, not after the rest.
import { AppError } from "../errors";

export async function readBodyBytes(
  request: Request,
  maxBytes: number,
  tooLarge: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) throw new AppError("payload_too_large", tooLarge);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // no await: the sender may be slow to notice, and the answer must not wait for it
      reader.cancel().catch(() => undefined);
      throw new AppError("payload_too_large", tooLarge);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

/** What `drainAfterAnswer` reads at most, and how long it waits for a sender that has paused. */
const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
const DRAIN_IDLE_MS = 1000;

/**
 * For the local servers only (`wrangler dev` serving the Vite build, which it does not bundle, and the Vite dev
 * server): when the Worker answers before it has read a request's whole body (a redirect to the login page, a 403, a
 * 429, a 413 that stops reading), their proxy drops the connection and the client gets a 500 instead of the
 * answer. Cancelling the body does not help; reading the rest before answering does (wrangler's own bundler adds
 * the same drain to the Workers it bundles, and `wrangler dev` does not bundle the Vite build). So the app gets a
 * copy of the body whose reader may stop or cancel at will, and `drain` reads what is left of the original,
 * discarding it, before the answer goes out: up to 8 MiB (more than any upload the app takes), and only while the
 * sender keeps sending (a pause of a second ends it: long enough for a busy machine's sender, short enough that an
 * answer never waits long on a slow or endless body).
 * Cloudflare's edge needs none of this: production hands the request on as it is.
 */
export function drainAfterAnswer(request: Request): { request: Request; drain: () => Promise<void> } {
  if (!request.body) return { request, drain: async () => undefined };
  const source = request.body.getReader();
  // workerd's streams allow one pending read: the copy's pull and `drain` share it
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  const read = () => (pending ??= source.read().finally(() => (pending = undefined)));
  let ended = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await read();
        if (chunk.done) {
          ended = true;
          controller.close();
        } else controller.enqueue(chunk.value);
      },
      // a reader that stops early (a body over its limit) leaves the rest to `drain`
    },
    // nothing is read ahead of the app's own reads
    { highWaterMark: 0 },
  );
  return {
    request: new Request(request, { body }),
    async drain() {
      let left = DRAIN_MAX_BYTES;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const pause = () => new Promise<"paused">((resolve) => (timer = setTimeout(resolve, DRAIN_IDLE_MS, "paused")));
      try {
        while (!ended && left > 0) {
          const chunk = await Promise.race([read(), pause()]);
          clearTimeout(timer);
          if (chunk === "paused" || chunk.done) break;
          left -= chunk.value.byteLength;
        }
      } catch {
        // the client went away: nothing left to read
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
