// Uploaded images live in R2 under a random key and are served by GET /images/:key.
import { AppError } from "../errors";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const SIGNATURES: { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  { type: "image/png", ext: "png", test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", ext: "gif", test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) =>
      b[0] === 0x52 &&
      b[1] === 0x49 &&
      b[2] === 0x46 &&
      b[3] === 0x46 &&
      b[8] === 0x57 &&
      b[9] === 0x45 &&
      b[10] === 0x42 &&
      b[11] === 0x50,
  },
];

/** The image type read from the file's bytes, not from its name or the browser's claim. */
export function sniffImageType(bytes: Uint8Array): { type: string; ext: string } | null {
  return SIGNATURES.find((s) => s.test(bytes)) ?? null;
}

export const IMAGE_TYPE_ERROR = "Only PNG, JPEG, WebP or GIF images can be uploaded";

export async function storeImage(env: Env, file: File): Promise<{ key: string; url: string }> {
  if (file.size > MAX_IMAGE_BYTES) throw new AppError("payload_too_large", "Images can be at most 5 MB");
  if (file.size === 0) throw new AppError("unsupported_media_type", IMAGE_TYPE_ERROR);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImageType(bytes);
  if (!kind) throw new AppError("unsupported_media_type", IMAGE_TYPE_ERROR);
  const key = `${crypto.randomUUID()}.${kind.ext}`;
  await env.IMAGES.put(key, bytes, {
    httpMetadata: { contentType: kind.type, cacheControl: "public, max-age=31536000, immutable" },
  });
  return { key, url: `/images/${key}` };
}

/** Reads the optional image field of a multipart form; an empty file input means "no image". */
export async function storeOptionalImage(env: Env, value: FormDataEntryValue | null): Promise<string | null> {
  if (!value || typeof value === "string" || value.size === 0) return null;
  return (await storeImage(env, value)).url;
}

/** Refuse oversized bodies before `request.formData()` buffers them. */
export function assertBodySize(request: Request, max = MAX_IMAGE_BYTES + 64 * 1024) {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > max) throw new AppError("payload_too_large", "Images can be at most 5 MB");
}
