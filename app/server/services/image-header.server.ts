// What an uploaded image is, read from its bytes before anything decodes it (docs/decisions/079-images-bounded-by-their-header.md): its type by its
// signature, its dimensions from its header (PNG's IHDR, JPEG's SOF, WebP's VP8/VP8L/VP8X, GIF's logical screen),
// and whether the file is whole (PNG's chunks end with IEND, a JPEG's scans with EOI, WebP's RIFF size fits). A
// few header fields and one walk over the file's chunk lengths or markers: no pixel is decoded.

export type ImageKind = "png" | "jpg" | "gif" | "webp";

/** Each type's content type (the kind is also the stored file's extension). */
export const CONTENT_TYPES: Record<ImageKind, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** An image's header as read: its type and size, or why it cannot be used. */
export type ImageHeader =
  | { kind: ImageKind; width: number; height: number }
  /** not a PNG, JPEG, GIF or WebP */
  | { kind: null; problem: "type" }
  /** one of them by its signature, but its header cannot be read or the file stops short */
  | { kind: ImageKind; problem: "damaged" };

const ascii = (b: Uint8Array, at: number, text: string) =>
  text.length <= b.length - at && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u32le = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

function kindOf(b: Uint8Array): ImageKind | null {
  if (ascii(b, 0, "\x89PNG\r\n\x1a\n")) return "png";
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpg";
  if (ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a")) return "gif";
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) return "webp";
  return null;
}

type Size = { width: number; height: number } | null;

/** IHDR first (13 bytes), then every chunk's length inside the file up to IEND. */
function pngSize(b: Uint8Array): Size {
  if (b.length < 33 || u32be(b, 8) !== 13 || !ascii(b, 12, "IHDR")) return null;
  for (let at = 8; at + 12 <= b.length;) {
    const next = at + 12 + u32be(b, at);
    if (next > b.length) return null;
    if (ascii(b, at + 4, "IEND")) return { width: u32be(b, 16), height: u32be(b, 20) };
    at = next;
  }
  return null;
}

/** A start-of-frame marker (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC). */
const isFrameStart = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** The first SOF's size, its segments inside the file up to the first scan, and an EOI after that scan began. */
function jpegSize(b: Uint8Array): Size {
  let size: Size = null;
  let at = 2;
  for (;;) {
    if (b[at] !== 0xff) {
      // stray bytes before a marker, which decoders skip too
      at = b.indexOf(0xff, at);
      if (at === -1) return null;
    }
    if (at + 4 > b.length) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // a marker without a segment
      continue;
    }
    if (marker === 0xd9) return null; // the end, before any scan
    const length = u16be(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    if (isFrameStart(marker) && !size && length >= 7) size = { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    if (marker === 0xda) break;
    at += 2 + length;
  }
  // inside entropy-coded data 0xFF is followed by 0x00 or a restart marker, so FF D9 is the end of the image
  for (let ff = b.indexOf(0xff, at + 2); ff !== -1 && ff + 1 < b.length; ff = b.indexOf(0xff, ff + 1)) {
    if (b[ff + 1] === 0xd9) return size;
  }
  return null;
}

/** The logical screen of GIF87a/89a (a GIF is never decoded here: the browsers draw it). */
function gifSize(b: Uint8Array): Size {
  return b.length >= 13 ? { width: u16le(b, 6), height: u16le(b, 8) } : null;
}

/** The RIFF size inside the file, then the first chunk's frame size (lossy VP8, lossless VP8L, extended VP8X). */
function webpSize(b: Uint8Array): Size {
  if (b.length < 30 || u32le(b, 4) + 8 > b.length || 20 + u32le(b, 16) > b.length) return null;
  if (ascii(b, 12, "VP8 ") && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (ascii(b, 12, "VP8L") && b[20] === 0x2f) {
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(b, 12, "VP8X")) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

const SIZE_OF: Record<ImageKind, (b: Uint8Array) => Size> = {
  png: pngSize,
  jpg: jpegSize,
  gif: gifSize,
  webp: webpSize,
};

/** The image's type and dimensions from its header, or why it cannot be used (read in well under a millisecond). */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  const kind = kindOf(bytes);
  if (!kind) return { kind: null, problem: "type" };
  const size = SIZE_OF[kind](bytes);
  if (!size || size.width < 1 || size.height < 1) return { kind, problem: "damaged" };
  return { kind, ...size };
}
