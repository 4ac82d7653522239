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
