// The perceptual hash of a proof image (docs/decisions/047-copied-proof-by-perceptual-hash.md, 090): the image decoded
// by Squoosh's WebAssembly codecs (@jsquash), then a 128-bit difference hash. Workers cannot compile WebAssembly from
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

/** Grid cells' greys this far apart or less read as equal: flat neighbours give stable zero bits (a dead zone). */
const EQUAL_GREYS = 2;

/**
 * For each pixel along one axis of `length` pixels cut into `cells` cells: the first cell it overlaps and the shares
 * of it in that cell and the next. Cells cut at fractions of a pixel, so a resized copy's cells cover the same parts
 * of the picture as the original's.
 */
function cellShares(length: number, cells: number) {
  const cell = new Int32Array(length);
  const share = new Float64Array(length);
  const rest = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const from = (i * cells) / length;
    const to = ((i + 1) * cells) / length;
    const c = Math.min(cells - 1, Math.floor(from));
    cell[i] = c;
    share[i] = Math.min(to, c + 1) - from;
    rest[i] = c + 1 < cells ? Math.max(0, to - (c + 1)) : 0;
  }
  return { cell, share, rest };
}

/** The picture in grey (Rec. 601 luma), a value a pixel, row by row. */
function greyOf({ width, height, data }: Pixels): Float32Array {
  const grey = new Float32Array(width * height);
  for (let p = 0, i = 0; p < grey.length; p++, i += 4)
    grey[p] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  return grey;
}

/** The grey picture as `cols` x `rows` cells, each the area-weighted mean of the pixels in it. */
function greyCells(grey: Float32Array, width: number, height: number, cols: number, rows: number): Float64Array {
  const x = cellShares(width, cols);
  const y = cellShares(height, rows);
  const sum = new Float64Array(cols * rows);
  const weight = new Float64Array(cols * rows);
  const line = new Float64Array(cols);
  const lineWeight = new Float64Array(cols);
  for (let py = 0; py < height; py++) {
    line.fill(0);
    lineWeight.fill(0);
    for (let px = 0; px < width; px++) {
      const g = grey[py * width + px]!;
      const c = x.cell[px]!;
      line[c]! += g * x.share[px]!;
      lineWeight[c]! += x.share[px]!;
      if (x.rest[px]) {
        line[c + 1]! += g * x.rest[px]!;
        lineWeight[c + 1]! += x.rest[px]!;
      }
    }
    const r = y.cell[py]!;
    for (let c = 0; c < cols; c++) {
      sum[r * cols + c]! += line[c]! * y.share[py]!;
      weight[r * cols + c]! += lineWeight[c]! * y.share[py]!;
      if (y.rest[py]) {
        sum[(r + 1) * cols + c]! += line[c]! * y.rest[py]!;
        weight[(r + 1) * cols + c]! += lineWeight[c]! * y.rest[py]!;
      }
    }
  }
  return sum.map((s, i) => s / Math.max(weight[i]!, Number.EPSILON));
}

/**
 * A difference hash of 128 bits as 32 hex digits (docs/decisions/090): the picture in grey as 9 x 8 cells, one bit per
 * pair of neighbours in a row (1 when the left one is brighter by more than EQUAL_GREYS), then as 8 x 9 cells, one bit
 * per pair of neighbours in a column (1 when the upper one is). Cells are area-weighted means, so resizing moves
 * little; the dead zone keeps the flat parts of a screenshot from flipping under recompression; a different picture
 * moves about a third of the bits.
 */
export function differenceHash(pixels: Pixels): string {
  const grey = greyOf(pixels);
  const across = greyCells(grey, pixels.width, pixels.height, 9, 8);
  const down = greyCells(grey, pixels.width, pixels.height, 8, 9);
  const bits: boolean[] = [];
  for (let row = 0; row < 8; row++)
    for (let col = 0; col < 8; col++) bits.push(across[row * 9 + col]! - across[row * 9 + col + 1]! > EQUAL_GREYS);
  for (let row = 0; row < 8; row++)
    for (let col = 0; col < 8; col++) bits.push(down[row * 8 + col]! - down[(row + 1) * 8 + col]! > EQUAL_GREYS);
  let hex = "";
  for (let i = 0; i < bits.length; i += 4)
    hex += ((+bits[i]! << 3) | (+bits[i + 1]! << 2) | (+bits[i + 2]! << 1) | +bits[i + 3]!).toString(16);
  return hex;
}

/** How many bits two hashes of the same length (hex) differ in. */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < a.length; i += 4) {
    let x = parseInt(a.slice(i, i + 4), 16) ^ parseInt(b.slice(i, i + 4), 16);
    for (; x; x &= x - 1) distance++;
  }
  return distance;
}

/** How many bands a hash is cut into for the lookup: the index's keys. */
export const HASH_BANDS = 8;

/**
 * The hash's eight 16-bit bands (docs/decisions/090): two hashes at most 7 bits apart share at least one; 8 to 10 bits
 * apart, all but the few whose differences fall in every band (under 3 %).
 */
export function hashBands(hash: string): number[] {
  return Array.from({ length: HASH_BANDS }, (_, i) => parseInt(hash.slice(i * 4, i * 4 + 4), 16));
}

/** The perceptual hash of an image's bytes; null when it cannot be read (GIF, a broken file). */
export async function perceptualHash(bytes: Uint8Array): Promise<string | null> {
  const pixels = await decodeImage(bytes);
  return pixels && pixels.width > 0 && pixels.height > 0 ? differenceHash(pixels) : null;
}
