import { sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { AppError } from "../errors";

/**
 * Fixed-window counter in D1: at most `limit` hits per `windowSeconds` for a key.
 * Throws a 429 AppError past the limit.
 */
export async function rateLimit(env: Env, key: string, limit: number, windowSeconds: number): Promise<void> {
  if (env.RATE_LIMIT_OFF === "1") return;
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

export function clientAddress(request: Request): string {
  return (
    request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local"
  );
}
