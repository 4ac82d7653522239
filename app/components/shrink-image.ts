// An image over the upload bounds (~/lib/images), made to fit in the browser before it is sent: a phone's 12-megapixel
// photo becomes a 4-megapixel WebP (JPEG where the browser cannot write WebP), so a worker can send it as it is. The
// server still checks every upload; without JavaScript an image over the bounds is refused there with its reason.
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "~/lib/images";

export interface Shrunk {
  file: File;
  from: { width: number; height: number };
  to: { width: number; height: number };
}

/** Whether an image of this size and these pixels must be made smaller before it is sent. */
export const needsShrinking = (bytes: number, width: number, height: number) =>
  bytes > MAX_IMAGE_BYTES || width * height > MAX_IMAGE_PIXELS;

/** Encodes the canvas as the first of these types the browser writes, at quality q. */
async function encode(canvas: HTMLCanvasElement, types: string[], q: number): Promise<Blob | null> {
  for (const type of types) {
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, type, q));
    if (blob?.type === type) return blob;
  }
  return null;
}

/**
 * The image scaled down to at most MAX_IMAGE_PIXELS (and re-encoded until it is under MAX_IMAGE_BYTES), or null
 * when this browser cannot read or write it. An animated GIF is not shrunk (its frames would be lost).
 */
export async function shrinkImage(file: File): Promise<Shrunk | null> {
  if (file.type === "image/gif") return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const from = { width: bitmap.width, height: bitmap.height };
  const scale = Math.min(1, Math.sqrt(MAX_IMAGE_PIXELS / (from.width * from.height)));
  const to = {
    width: Math.max(1, Math.floor(from.width * scale)),
    height: Math.max(1, Math.floor(from.height * scale)),
  };
  const canvas = document.createElement("canvas");
  canvas.width = to.width;
  canvas.height = to.height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, to.width, to.height);
  bitmap.close();
  for (const quality of [0.9, 0.8, 0.65]) {
    const blob = await encode(canvas, ["image/webp", "image/jpeg"], quality);
    if (!blob) return null;
    if (blob.size <= MAX_IMAGE_BYTES) {
      const name = `${file.name.replace(/\.[^.]*$/, "") || "image"}.${blob.type === "image/webp" ? "webp" : "jpg"}`;
      return { file: new File([blob], name, { type: blob.type }), from, to };
    }
  }
  return null;
}
