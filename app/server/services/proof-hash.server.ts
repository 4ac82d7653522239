// The perceptual hash of a proof image (docs/decisions/047-copied-proof-by-perceptual-hash.md): the image decoded by
// Squoosh's WebAssembly codecs (@jsquash), then a 64-bit difference hash. Workers cannot compile WebAssembly from
// bytes at run time, so each codec's .wasm is imported as a compiled module (the Vite plugin and the test runner
// both bundle it) and handed to the codec's init. The image's header is read first (image-header.server.ts): nothing
// over MAX_IMAGE_PIXELS is decoded (docs/decisions/079-images-bounded-by-their-header.md).
import decodeJpeg, { init as initJpeg } from "@jsquash/jpeg/decode";
import decodePng, { init as initPng } from "@jsquash/png/decode";
import decodeWebp, { init as initWebp } from "@jsquash/webp/decode";
import jpegWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import webpWasm from "@jsquash/webp/codec/dec/webp_dec.wasm?module";
import { readImageHeader, type ImageKind } from "./image-header.server";
import { MAX_IMAGE_PIXELS } from "~/lib/images";

/** Pixels as the codecs give them: RGBA, 4 bytes a pixel, row by row. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * A decode's memory is about 10 to 14 bytes a pixel at its peak (the codec's heap and the copy it hands back), so
 * decodes in one isolate run one at a time, and the JPEG and WebP codecs are instantiated for each image: a codec's
 * WebAssembly memory grows to its largest image and never shrinks, so a new instance lets it go with the image.
 * The PNG codec is one instance per isolate (its package keeps it), whose heap stays at its largest image's size.
 * Figures: docs/performance.md, "Images".
 */
let decoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = decoding.then(work, work);
  decoding = turn.catch(() => undefined);
  return turn;
}

async function decodeAs(kind: Exclude<ImageKind, "gif">, buffer: ArrayBuffer): Promise<Pixels> {
  if (kind === "png") {
    await initPng(pngWasm);
    return decodePng(buffer);
  }
  if (kind === "jpg") {
    await initJpeg(jpegWasm);
    return decodeJpeg(buffer);
  }
  await initWebp(webpWasm);
  return decodeWebp(buffer);
}

/**
 * The image's pixels, or null for a type the hash does not read (GIF), a header that is damaged or declares more than
 * MAX_IMAGE_PIXELS (read before anything is decoded: images stored before the bound existed are not decoded
 * either), or bytes the codec refuses.
 */
export async function decodeImage(bytes: Uint8Array): Promise<Pixels | null> {
  const header = readImageHeader(bytes);
  if (header.kind === null || header.kind === "gif" || "problem" in header) return null;
  if (header.width * header.height > MAX_IMAGE_PIXELS) return null;
  const kind = header.kind;
  const buffer = bytes.slice().buffer;
  return oneAtATime(async () => {
    try {
      return await decodeAs(kind, buffer);
    } catch {
      return null;
    }
  });
}

/**
 * dHash, 64 bits as 16 hex digits: the image in grey (Rec. 601 luma), shrunk to 9 x 8 cells by averaging every
 * pixel of each cell (so resizing the original changes the cells little), then one bit per pair of neighbours in a
 * row: 1 when the left cell is brighter. Recompression and resizing move few bits; a different picture moves about
 * half of them.
 */
export function differenceHash({ width, height, data }: Pixels): string {
  const cols = 9;
  const rows = 8;
  const sum = new Float64Array(cols * rows);
  const count = new Uint32Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const row = Math.min(rows - 1, Math.floor((y * rows) / height));
    for (let x = 0; x < width; x++) {
      const cell = row * cols + Math.min(cols - 1, Math.floor((x * cols) / width));
      const i = (y * width + x) * 4;
      sum[cell]! += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      count[cell]!++;
    }
  }
  const grey = Array.from(sum, (s, i) => s / Math.max(1, count[i]!));
  let hex = "";
  for (let row = 0; row < rows; row++) {
    let byte = 0;
    for (let col = 0; col < cols - 1; col++) {
      byte = (byte << 1) | (grey[row * cols + col]! > grey[row * cols + col + 1]! ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, "0");
  }
  return hex;
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < 16; i += 4) {
    let x = parseInt(a.slice(i, i + 4), 16) ^ parseInt(b.slice(i, i + 4), 16);
    for (; x; x &= x - 1) distance++;
  }
  return distance;
}

/** The hash's four 16-bit bands (the index's keys: two hashes within 3 bits share at least one band). */
export function hashBands(hash: string): [number, number, number, number] {
  return [0, 4, 8, 12].map((i) => parseInt(hash.slice(i, i + 4), 16)) as [number, number, number, number];
}

/** The perceptual hash of an image's bytes; null when it cannot be read (GIF, a broken file). */
export async function perceptualHash(bytes: Uint8Array): Promise<string | null> {
  const pixels = await decodeImage(bytes);
  return pixels && pixels.width > 0 && pixels.height > 0 ? differenceHash(pixels) : null;
}
