import { sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { AppError } from "../errors";
import { rateLimitsOff } from "../environment.server";

/**
 * Fixed-window counter in D1: at most `limit` hits per `windowSeconds` for a key.
 * Throws a 429 AppError past the limit.
 */
export async function rateLimit(env: Env, key: string, limit: number, windowSeconds: number): Promise<void> {
  if (rateLimitsOff(env)) return;
  const now = Date.now();
  const windowStart = now - (now % (windowSeconds * 1000));
  const row = await getDb(env).get<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count`);
  if ((row?.count ?? 0) > limit) {
    throw new AppError("rate_limited", "Too many attempts. Please wait a minute and try again.");
  }
}

/**
 * The client's address as Cloudflare saw it. Only `CF-Connecting-IP`: Cloudflare sets it and a client cannot, while
 * `X-Forwarded-For` is whatever the client wrote, so keying on it would let anyone pick a fresh bucket per request.
 * Without it (locally) every request shares one key.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/** The longest window any `rateLimit` call uses is well under this; older windows count for nothing. */
export const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;

/** The daily cron: drops windows that ended (any window that started a day ago). Returns how many rows went. */
export async function purgeRateLimits(env: Env, now = Date.now()): Promise<number> {
  const result = await env.DB.prepare("DELETE FROM rate_limits WHERE window_start < ?")
    .bind(now - RATE_LIMIT_KEEP_MS)
    .run();
  return result.meta.changes ?? 0;
}
