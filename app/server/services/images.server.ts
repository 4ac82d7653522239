// Uploaded images live in R2 under a random key and are served by GET /images/:key.
import { AppError } from "../errors";
import { clientAddress, rateLimit } from "./rate-limit.server";

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

const IMAGE_TOO_LARGE = "Images can be at most 5 MB";

export async function storeImage(env: Env, file: File): Promise<{ key: string; url: string }> {
  if (file.size > MAX_IMAGE_BYTES) throw new AppError("payload_too_large", IMAGE_TOO_LARGE);
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

/** The limit of a multipart form carrying one image: the image and a little text around it. */
/**
 * An uploaded image by its key, or null (a malformed key is none). With the request's conditional headers R2 answers
 * an object without a body when the client's copy is current.
 */
export async function findImage(env: Env, key: string, conditions: Headers): Promise<R2Object | R2ObjectBody | null> {
  if (!/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(key)) return null;
  return env.IMAGES.get(key, { onlyIf: conditions });
}

export const UPLOAD_LIMIT = {
  maxBytes: MAX_IMAGE_BYTES + 64 * 1024,
  tooLarge: IMAGE_TOO_LARGE,
} as const;

/** Uploads a caller may make per minute (POST /images and the forms with an image). */
export const UPLOADS_PER_MINUTE = 30;

/**
 * The upload rate limit, checked before the body is read: per signed-in user, or per address for a visitor (the
 * register form's photo).
 */
export function rateLimitUploads(env: Env, request: Request, userId: string | null): Promise<void> {
  const key = userId ? `uploads:user:${userId}` : `uploads:ip:${clientAddress(request)}`;
  return rateLimit(env, key, UPLOADS_PER_MINUTE, 60);
}

/** The stored image could not be used: it was refused (type, size) or R2 failed; `reason` is that error. */
export class ImageRefused extends Error {
  constructor(readonly reason: unknown) {
    super("The uploaded image was not stored");
  }
}

/**
 * An action with an optional uploaded image (an empty file input means none): the bytes are checked and stored in
 * R2 first (an `ImageRefused` otherwise), then `action` runs with the image's URL, and if it throws (a refusal, a
 * redirect, a bug) the stored object is deleted again, so a failed action never leaves an orphan image.
 */
export async function withUploadedImage<T>(
  env: Env,
  value: FormDataEntryValue | null,
  action: (url: string | null) => Promise<T>,
): Promise<T> {
  let stored: { key: string; url: string } | null = null;
  if (value && typeof value !== "string" && value.size > 0) {
    try {
      stored = await storeImage(env, value);
    } catch (e) {
      throw new ImageRefused(e);
    }
  }
  try {
    return await action(stored?.url ?? null);
  } catch (e) {
    if (stored) await env.IMAGES.delete(stored.key).catch((err: unknown) => console.error("Orphan image left", err));
    throw e;
  }
}
