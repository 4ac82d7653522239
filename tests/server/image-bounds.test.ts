// Images cannot exhaust a Worker (docs/decisions/079-images-bounded-by-their-header.md): an upload's dimensions are
// read from its header before anything decodes it; more than MAX_IMAGE_PIXELS is refused (413), a damaged or cut
// file too (422), at once and without a 5xx; the copied-proof hash never decodes such an image, and hashes the
// largest allowed one. How long each refusal took is printed, not asserted (docs/performance.md, "Images").
import { describe, expect, it } from "vitest";
import encodeJpeg, { init as initJpegEncoder } from "@jsquash/jpeg/encode";
import encodePng from "@jsquash/png/encode";
import { init as initPng } from "@jsquash/png/decode";
import jpegEncoderWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?module";
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import { call, env, expectImageRefused, funded, registerUser, sessionUser, storedImageKeys, taskOf } from "./fixtures";
import { readImageHeader } from "~/server/services/image-header.server";
import { perceptualHash } from "~/server/services/proof-hash.server";
import { startTask } from "~/server/services/slots.server";
import { IMAGE_DAMAGED, IMAGE_TOO_MANY_PIXELS, MAX_IMAGE_PIXELS } from "~/lib/images";

// ---------------------------------------------------------------- images made here

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Bytes on an ArrayBuffer of their own (what a File takes). */
type Bytes = Uint8Array<ArrayBuffer>;

const join = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** A valid black PNG of `width` x `height` (1-bit grey): a few KB whatever its size, as a decompression bomb is. */
async function blackPng(width: number, height: number): Promise<Bytes> {
  const raw = new Uint8Array(height * (1 + Math.ceil(width / 8)));
  const idat = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, grey, deflate, no filter method beyond 0, not interlaced
  const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  return join(signature, pngChunk("IHDR", ihdr), pngChunk("IDAT", idat), pngChunk("IEND", new Uint8Array()));
}

let encoders: Promise<unknown> | null = null;
/** A noisy picture encoded by mozjpeg (progressive unless `baseline`) or as a PNG. */
async function encoded(kind: "jpeg" | "baseline" | "png", width: number, height: number): Promise<Bytes> {
  encoders ??= Promise.all([initPng(pngWasm), initJpegEncoder(jpegEncoderWasm)]);
  await encoders;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i >> 4) & 255, (i >> 9) & 255, (i * 7) & 63, 255], i);
  const image = { width, height, data, colorSpace: "srgb" } as ImageData;
  const bytes =
    kind === "png"
      ? await encodePng(image)
      : await encodeJpeg(image, { quality: 80, progressive: kind === "jpeg", baseline: kind === "baseline" });
  return new Uint8Array(bytes);
}

/** A real JPEG whose frame header (SOF) says it is `width` x `height`. */
async function jpegDeclaring(width: number, height: number): Promise<Bytes> {
  const bytes = await encoded("jpeg", 16, 16);
  for (let at = 2; at < bytes.length; at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!)) {
    if (bytes[at + 1] === 0xc0 || bytes[at + 1] === 0xc2) {
      bytes.set([height >> 8, height & 255, width >> 8, width & 255], at + 5);
      return bytes;
    }
  }
  throw new Error("no SOF marker");
}

/** A WebP whose extended header (VP8X) declares a canvas of `width` x `height`, followed by a small chunk. */
function webpDeclaring(width: number, height: number): Bytes {
  const vp8x = new Uint8Array(10);
  vp8x.set([(width - 1) & 255, ((width - 1) >> 8) & 255, (width - 1) >> 16], 4);
  vp8x.set([(height - 1) & 255, ((height - 1) >> 8) & 255, (height - 1) >> 16], 7);
  const ascii = (s: string) => new TextEncoder().encode(s);
  const le32 = (n: number) => Uint8Array.of(n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24);
  const body = join(ascii("WEBP"), ascii("VP8X"), le32(10), vp8x, ascii("ALPH"), le32(4), new Uint8Array(4));
  return join(ascii("RIFF"), le32(body.length), body);
}

/** A GIF whose logical screen is `width` x `height`. */
function gifDeclaring(width: number, height: number): Bytes {
  const gif = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) => c.charCodeAt(0));
  gif.set([width & 255, width >> 8, height & 255, height >> 8], 6);
  return gif;
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const WEBP_1X1 = fromBase64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");

// ---------------------------------------------------------------- the tests

describe("an image's header, read without decoding it", () => {
  it("gives each kind's type and size, and says when a file stops short", async () => {
    expect(readImageHeader(await encoded("png", 300, 200))).toEqual({ kind: "png", width: 300, height: 200 });
    expect(readImageHeader(await encoded("jpeg", 320, 240))).toEqual({ kind: "jpg", width: 320, height: 240 });
    expect(readImageHeader(await encoded("baseline", 33, 17))).toEqual({ kind: "jpg", width: 33, height: 17 });
    expect(readImageHeader(WEBP_1X1)).toEqual({ kind: "webp", width: 1, height: 1 });
    expect(readImageHeader(webpDeclaring(3000, 2000))).toEqual({ kind: "webp", width: 3000, height: 2000 });
    expect(readImageHeader(gifDeclaring(1, 1))).toEqual({ kind: "gif", width: 1, height: 1 });
    expect(readImageHeader(await blackPng(8000, 8000))).toEqual({ kind: "png", width: 8000, height: 8000 });

    const png = await encoded("png", 64, 64);
    const jpeg = await encoded("jpeg", 64, 64);
    for (const cut of [png.slice(0, png.length - 20), jpeg.slice(0, Math.floor(jpeg.length * 0.6)), jpeg.slice(0, 40)])
      expect(readImageHeader(cut).kind !== null && "problem" in readImageHeader(cut)).toBe(true);
    // stray bytes between two segments, which decoders skip, are skipped too
    const second = 4 + ((jpeg[4]! << 8) | jpeg[5]!);
    const padded = join(jpeg.slice(0, second), Uint8Array.of(0, 0), jpeg.slice(second));
    expect(readImageHeader(padded)).toEqual({ kind: "jpg", width: 64, height: 64 });
    expect(readImageHeader(WEBP_1X1.slice(0, 28))).toEqual({ kind: "webp", problem: "damaged" });
    expect(readImageHeader(new TextEncoder().encode("<svg/>"))).toEqual({ kind: null, problem: "type" });
  });
});

describe("uploads over the bound or damaged are refused before anything decodes them", () => {
  it("POST /images: 413 for more than 4 megapixels, 422 for a cut file, nothing stored; the largest allowed is stored", async () => {
    const cases: [string, Bytes, number, string][] = [
      ["an 8,000 x 8,000 PNG of a few KB", await blackPng(8000, 8000), 413, IMAGE_TOO_MANY_PIXELS],
      ["a JPEG declaring 65,000 x 65,000", await jpegDeclaring(65_000, 65_000), 413, IMAGE_TOO_MANY_PIXELS],
      ["a truncated JPEG", (await encoded("jpeg", 640, 480)).slice(0, 3_000), 422, IMAGE_DAMAGED],
      ["a truncated PNG", (await encoded("png", 64, 64)).slice(0, 200), 422, IMAGE_DAMAGED],
      ["a WebP declaring 16,000 x 16,000", webpDeclaring(16_000, 16_000), 413, IMAGE_TOO_MANY_PIXELS],
      ["a GIF declaring 10,000 x 10,000", gifDeclaring(10_000, 10_000), 413, IMAGE_TOO_MANY_PIXELS],
    ];
    expect((await blackPng(8000, 8000)).length).toBeLessThan(16 * 1024);
    const before = new Set(await storedImageKeys());
    for (const [what, bytes, status, message] of cases) {
      const form = new FormData();
      form.append("image", new File([bytes], "upload.bin"));
      const started = performance.now();
      const res = await call("/images", {
        method: "POST",
        body: form,
        headers: { "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}` },
      });
      const body = (await res.json()) as { error: { message: string } };
      console.log(
        `POST /images, ${what} (${bytes.length} bytes): ${res.status} in ${Math.round(performance.now() - started)} ms`,
      );
      expect(res.status, what).toBe(status);
      expect(body.error.message, what).toBe(message);
    }
    expect((await storedImageKeys()).filter((k) => !before.has(k))).toEqual([]);

    // exactly the bound: stored
    const largest = await encoded("baseline", 2500, MAX_IMAGE_PIXELS / 2500);
    const form = new FormData();
    form.append("image", new File([largest], "largest.jpg"));
    const ok = await call("/images", { method: "POST", body: form, headers: { "CF-Connecting-IP": "198.51.100.251" } });
    expect(ok.status).toBe(201);
  });

  it("a proof form with such an image says why, keeps the text, and submits nothing", async () => {
    const buyer = await funded("Buyer", 50);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
    await startTask(env, await sessionUser(worker.id), task.id);
    const bomb = new File([await blackPng(8000, 8000)], "bomb.png");
    await expectImageRefused(task.id, bomb, worker.cookie, 413, IMAGE_TOO_MANY_PIXELS);
    const made = await env.DB.prepare("SELECT COUNT(*) AS n FROM submissions WHERE task_id = ?")
      .bind(task.id)
      .first("n");
    expect(made).toBe(0);
  });
});

describe("the copied-proof hash", () => {
  it("never decodes an image whose header is over the bound (one stored before the bound existed), and hashes the largest allowed", async () => {
    const started = performance.now();
    expect(await perceptualHash(await blackPng(8000, 8000))).toBeNull();
    expect(await perceptualHash(await jpegDeclaring(65_000, 65_000))).toBeNull();
    console.log(`perceptualHash of two images over the bound: ${Math.round(performance.now() - started)} ms`);
    for (const kind of ["jpeg", "png"] as const) {
      const largest = await encoded(kind, 2500, MAX_IMAGE_PIXELS / 2500);
      expect(await perceptualHash(largest), kind).toMatch(/^[0-9a-f]{32}$/);
    }
  });
});
