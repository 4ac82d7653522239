// Uploaded images live in R2 under a random key and are served by GET /images/:key.
import { AppError } from "../errors";
import { clientAddress, rateLimit } from "./rate-limit.server";
import { CONTENT_TYPES, readImageHeader } from "./image-header.server";
import {
  IMAGE_DAMAGED,
  IMAGE_TOO_LARGE,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_TYPE_ERROR,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
} from "~/lib/images";

/**
 * Checks an upload before it is stored: its size in bytes (413), its type by its signature (415), its header and
 * whole file (422, image-header.server.ts) and its pixels (413, MAX_IMAGE_PIXELS): nothing is decoded, so a small
 * file declaring a huge image costs a header read.
 */
export async function storeImage(env: Env, file: File): Promise<{ key: string; url: string }> {
  if (file.size > MAX_IMAGE_BYTES) throw new AppError("payload_too_large", IMAGE_TOO_LARGE);
  if (file.size === 0) throw new AppError("unsupported_media_type", IMAGE_TYPE_ERROR);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const header = readImageHeader(bytes);
  if (!header.kind) throw new AppError("unsupported_media_type", IMAGE_TYPE_ERROR);
  if ("problem" in header) throw new AppError("validation_failed", IMAGE_DAMAGED);
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw new AppError("payload_too_large", IMAGE_TOO_MANY_PIXELS);
  const key = `${crypto.randomUUID()}.${header.kind}`;
  await env.IMAGES.put(key, bytes, {
    httpMetadata: { contentType: CONTENT_TYPES[header.kind], cacheControl: "public, max-age=31536000, immutable" },
  });
  return { key, url: `/images/${key}` };
}

/**
 * An uploaded image by its key, or null (a malformed key is none). With the request's conditional headers R2 answers
 * an object without a body when the client's copy is current.
 */
export async function findImage(env: Env, key: string, conditions: Headers): Promise<R2Object | R2ObjectBody | null> {
  if (!/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(key)) return null;
  return env.IMAGES.get(key, { onlyIf: conditions });
}

/** The limit of a multipart form carrying one image: the image and a little text around it. */
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
