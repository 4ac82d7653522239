// Sign-in throttling (docs/product/identity.md): only FAILED attempts count, per e-mail and per client address.
// Past a few free failures, each further attempt must wait 2^n seconds after the last failure, capped at five
// minutes, so guessing gets slow at once while the owner of an attacked e-mail is never locked out for long. A
// success clears the e-mail's count; failures a day old are forgotten (and dropped by the daily cron).
import { AppError } from "../errors";
import { clientAddress, rateLimit } from "./rate-limit.server";

/** All sign-in attempts (right or wrong) an address may make per minute, checked before the body is read. */
export function rateLimitLoginAttempts(env: Env, request: Request): Promise<void> {
  return rateLimit(env, `login:ip:${clientAddress(request)}`, 30, 60);
}

/** Failures allowed before waits start: per e-mail, and per address (many people may share one). */
export const FREE_FAILURES = { email: 5, address: 20 } as const;
export const MAX_WAIT_SECONDS = 5 * 60;
export const FORGET_FAILURES_AFTER_MS = 24 * 60 * 60 * 1000;

type Scope = keyof typeof FREE_FAILURES;

const keyOf = (scope: Scope, value: string) => `${scope}:${scope === "email" ? value.trim().toLowerCase() : value}`;

/** How long after the last failure the next attempt must wait, after `failures` failures. */
export function waitSeconds(scope: Scope, failures: number): number {
  const over = failures - FREE_FAILURES[scope];
  return over < 0 ? 0 : Math.min(2 ** over, MAX_WAIT_SECONDS);
}

const off = (env: Env) => env.RATE_LIMIT_OFF === "1";

/** Refuses (429, with how long to wait) while the e-mail or the address is waiting after its last failure. */
export async function checkLoginThrottle(env: Env, email: string, address: string, now = Date.now()): Promise<void> {
  if (off(env)) return;
  const keys = [keyOf("email", email), keyOf("address", address)];
  const { results } = await env.DB.prepare(
    "SELECT key, failures, last_failed_at AS lastFailedAt FROM login_failures WHERE key IN (?, ?)",
  )
    .bind(...keys)
    .all<{ key: string; failures: number; lastFailedAt: number }>();
  let wait = 0;
  for (const r of results) {
    if (now - r.lastFailedAt > FORGET_FAILURES_AFTER_MS) continue;
    const scope: Scope = r.key.startsWith("email:") ? "email" : "address";
    const until = r.lastFailedAt + waitSeconds(scope, r.failures) * 1000;
    wait = Math.max(wait, Math.ceil((until - now) / 1000));
  }
  if (wait > 0) {
    throw new AppError(
      "rate_limited",
      `Too many failed sign-ins. Please wait ${wait} second${wait === 1 ? "" : "s"} and try again.`,
      undefined,
      { retryAfter: wait },
    );
  }
}

/** Counts a failed attempt against the e-mail and the address (a count a day old starts again at one). */
export async function recordLoginFailure(env: Env, email: string, address: string, now = Date.now()): Promise<void> {
  if (off(env)) return;
  const forgotten = now - FORGET_FAILURES_AFTER_MS;
  const count = env.DB.prepare(
    `INSERT INTO login_failures (key, failures, last_failed_at) VALUES (?1, 1, ?2)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN last_failed_at < ?3 THEN 1 ELSE failures + 1 END,
       last_failed_at = excluded.last_failed_at`,
  );
  await env.DB.batch([keyOf("email", email), keyOf("address", address)].map((key) => count.bind(key, now, forgotten)));
}

/** A correct password clears the e-mail's failures (the address keeps its own). */
export async function clearLoginFailures(env: Env, email: string): Promise<void> {
  await env.DB.prepare("DELETE FROM login_failures WHERE key = ?").bind(keyOf("email", email)).run();
}

/** The daily cron: failures older than a day no longer count. Returns how many rows went. */
export async function purgeLoginFailures(env: Env, now = Date.now()): Promise<number> {
  const result = await env.DB.prepare("DELETE FROM login_failures WHERE last_failed_at < ?")
    .bind(now - FORGET_FAILURES_AFTER_MS)
    .run();
  return result.meta.changes ?? 0;
}
