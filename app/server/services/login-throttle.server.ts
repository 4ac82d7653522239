// Sign-in throttling that slows guessing without letting a stranger lock an owner out (OWASP's guidance; why:
// docs/decisions/023-sign-in-throttling.md, the rules in words: docs/product/identity.md). Only FAILED attempts
// count, in these rows of login_failures:
//   pair:<e-mail> <address>  one account from one address: everybody's first wait
//   account:<e-mail>         the account from clients it does not know: waits only such clients
//   address:<address>        every account from one address (one address trying many accounts)
//   device:<id>              a known device's own failures (a device token does not buy unlimited guesses)
// A client the account knows (a device token it was given at a sign-in, or an address it signed in from before)
// is never held by the account's row, so failures from elsewhere never keep the owner out; a known device is held
// by its own row alone. Past a few free failures, each attempt waits 2^n seconds after the last failure, at most
// five minutes. A success clears the client's own rows and the account's; a password reset clears every row of
// the account. Failures a day old are forgotten (and dropped by the daily cron), as are addresses unused 90 days.
import { sql, type SQL } from "drizzle-orm";
import { AppError } from "../errors";
import { rateLimitsOff } from "../environment.server";
import type { KnownDevice } from "../auth/session.server";
import { clientAddress, rateLimit } from "./rate-limit.server";

/** All sign-in attempts (right or wrong) an address may make per minute, checked before the body is read. */
export function rateLimitLoginAttempts(env: Env, request: Request): Promise<void> {
  return rateLimit(env, `login:ip:${clientAddress(request)}`, 30, 60);
}

/** Failures allowed before waits start, per kind of row. */
export const FREE_FAILURES = { pair: 5, account: 10, address: 20, device: 5 } as const;
export const MAX_WAIT_SECONDS = 5 * 60;
export const FORGET_FAILURES_AFTER_MS = 24 * 60 * 60 * 1000;
export const FORGET_ADDRESSES_AFTER_MS = 90 * 24 * 60 * 60 * 1000;

type Scope = keyof typeof FREE_FAILURES;

/** Who is signing in to which account, as the throttle sees it. */
export interface SignInAttempt {
  /** the e-mail typed (an account or not: the same rules either way, so they tell nothing) */
  email: string;
  /** the client's address (rate-limit.server.ts `clientAddress`) */
  address: string;
  /** the account's id when the e-mail has one */
  userId: string | null;
  /** the device token the client carries, when it is for this account */
  device: KnownDevice | null;
  /** whether the account has signed in from this address before */
  knownAddress: boolean;
}

const normal = (email: string) => email.trim().toLowerCase();

interface Row {
  key: string;
  scope: Scope;
  /** the e-mail the row is about (null for an address row) */
  account: string | null;
}

/** The rows that hold this attempt (`check`) and those its failure counts in (`count`). */
function rowsOf(a: SignInAttempt): { check: Row[]; count: Row[] } {
  const email = normal(a.email);
  const address: Row = { key: `address:${a.address}`, scope: "address", account: null };
  if (a.device) {
    const device: Row = { key: `device:${a.device.id}`, scope: "device", account: email };
    return { check: [device], count: [device, address] };
  }
  const pair: Row = { key: `pair:${email} ${a.address}`, scope: "pair", account: email };
  const account: Row = { key: `account:${email}`, scope: "account", account: email };
  return a.knownAddress
    ? { check: [pair, address], count: [pair, address] }
    : { check: [pair, account, address], count: [pair, account, address] };
}

/** How long after the last failure the next attempt must wait, after `failures` failures. */
export function waitSeconds(scope: Scope, failures: number): number {
  const over = failures - FREE_FAILURES[scope];
  return over < 0 ? 0 : Math.min(2 ** over, MAX_WAIT_SECONDS);
}

export const tooManyFailures = (wait: number, canReset: boolean) =>
  `Too many failed sign-ins. Please wait ${wait} second${wait === 1 ? "" : "s"} and try again${
    canReset ? ", or choose a new password with 'Forgot password?'" : ""
  }.`;

/** Refuses (429, with how long to wait) while any row that holds this attempt is waiting after its last failure. */
export async function checkLoginThrottle(env: Env, attempt: SignInAttempt, now = Date.now()): Promise<void> {
  if (rateLimitsOff(env)) return;
  const { check } = rowsOf(attempt);
  const { results } = await env.DB.prepare(
    `SELECT key, failures, last_failed_at AS lastFailedAt FROM login_failures WHERE key IN (${check.map(() => "?").join(", ")})`,
  )
    .bind(...check.map((r) => r.key))
    .all<{ key: string; failures: number; lastFailedAt: number }>();
  let wait = 0;
  let accountWaits = false;
  for (const r of results) {
    if (now - r.lastFailedAt > FORGET_FAILURES_AFTER_MS) continue;
    const row = check.find((c) => c.key === r.key)!;
    const seconds = Math.ceil((r.lastFailedAt + waitSeconds(row.scope, r.failures) * 1000 - now) / 1000);
    if (seconds > wait) {
      wait = seconds;
      accountWaits = row.account !== null;
    }
  }
  if (wait > 0) {
    // a reset clears the account's rows, not an address's
    throw new AppError("rate_limited", tooManyFailures(wait, accountWaits), undefined, { retryAfter: wait }).saying(
      "account.tooManySignIns",
      { count: wait, canReset: accountWaits ? "yes" : "no" },
    );
  }
}

/** Counts a failed attempt in its rows (a count a day old starts again at one). */
export async function recordLoginFailure(env: Env, attempt: SignInAttempt, now = Date.now()): Promise<void> {
  if (rateLimitsOff(env)) return;
  const forgotten = now - FORGET_FAILURES_AFTER_MS;
  const count = env.DB.prepare(
    `INSERT INTO login_failures (key, failures, last_failed_at, account) VALUES (?1, 1, ?2, ?4)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN last_failed_at < ?3 THEN 1 ELSE failures + 1 END,
       last_failed_at = excluded.last_failed_at`,
  );
  await env.DB.batch(rowsOf(attempt).count.map((r) => count.bind(r.key, now, forgotten, r.account)));
}

async function addressHash(userId: string, address: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${userId} ${address}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether the account has signed in from this address in the last 90 days. */
export async function isKnownAddress(env: Env, userId: string, address: string, now = Date.now()): Promise<boolean> {
  const row = await env.DB.prepare(
    "SELECT 1 AS known FROM login_addresses WHERE user_id = ? AND address_hash = ? AND last_signed_in_at > ?",
  )
    .bind(userId, await addressHash(userId, address), now - FORGET_ADDRESSES_AFTER_MS)
    .first<{ known: number }>();
  return row !== null;
}

/**
 * A correct password: the client's own rows and the account's are cleared (an address row stays: other accounts
 * may be tried from it), and the address becomes one the account knows.
 */
export async function recordLoginSuccess(env: Env, attempt: SignInAttempt & { userId: string }, now = Date.now()) {
  const { count } = rowsOf(attempt);
  const cleared = [...count.filter((r) => r.account !== null).map((r) => r.key), `account:${normal(attempt.email)}`];
  await env.DB.batch([
    env.DB.prepare(`DELETE FROM login_failures WHERE key IN (${cleared.map(() => "?").join(", ")})`).bind(...cleared),
    env.DB.prepare(
      `INSERT INTO login_addresses (user_id, address_hash, last_signed_in_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (user_id, address_hash) DO UPDATE SET last_signed_in_at = excluded.last_signed_in_at`,
    ).bind(attempt.userId, await addressHash(attempt.userId, attempt.address), now),
  ]);
}

/** A password reset: every failure row about the account goes (a step of the reset's own batch), when `when` holds. */
export const clearAccountFailures = (email: string, when: SQL): SQL =>
  sql`DELETE FROM login_failures WHERE account = ${normal(email)} AND ${when}`;

/** The daily cron: failures older than a day and known addresses unused for 90 days. Returns how many rows went. */
export async function purgeLoginFailures(env: Env, now = Date.now()): Promise<number> {
  const [failures, addresses] = await env.DB.batch([
    env.DB.prepare("DELETE FROM login_failures WHERE last_failed_at < ?").bind(now - FORGET_FAILURES_AFTER_MS),
    env.DB.prepare("DELETE FROM login_addresses WHERE last_signed_in_at < ?").bind(now - FORGET_ADDRESSES_AFTER_MS),
  ]);
  return (failures.meta.changes ?? 0) + (addresses.meta.changes ?? 0);
}
