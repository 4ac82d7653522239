import { SignJWT, jwtVerify, importJWK, generateKeyPair, createRemoteJWKSet, type JWK, type CryptoKey } from "jose";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { preparedRead } from "../db/prepared.server";
import { sessionUserColumns, users } from "../db/schema";
import type { Language } from "~/lib/i18n/languages";
import type { Role } from "~/lib/roles";
import { appEnvironment, isProduction, NO_SESSION_KEY } from "../environment.server";
import { readCookie } from "../http/cookies.server";

/**
 * `__Host-`: the browser keeps it only if it is Secure, has Path=/ and no Domain, so no subdomain and no plain-HTTP
 * page can set or shadow it. (Renamed from `cw_session`: sessions under the old name simply end.)
 */
export const SESSION_COOKIE = "__Host-cw_session";
const SESSION_DAYS = 30;
const ALG = "EdDSA";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  coin: number;
  photo: string | null;
  /** the address in `email` is proven to be this person's; until then no coins move (docs/product/identity.md) */
  emailVerified: boolean;
  /** a sign-in found the password below the password rule: the dashboard asks for a new one */
  weakPassword: boolean;
  /** the language they read Coinwork in (pages, e-mails, notifications) */
  language: Language;
}

/** The signed-in user a users row describes. */
export function toSessionUser(
  row: Omit<SessionUser, "emailVerified" | "weakPassword"> & {
    emailVerifiedAt: number | null;
    passwordMeetsRule: number | null;
  },
): SessionUser {
  const { id, name, email, role, coin, photo, language } = row;
  return {
    id,
    name,
    email,
    role,
    coin,
    photo,
    emailVerified: row.emailVerifiedAt !== null,
    weakPassword: row.passwordMeetsRule === 0,
    language,
  };
}

/**
 * The claims of session tokens this isolate has verified, by token. An Ed25519 check costs about 1 ms of CPU on
 * every signed-in request, the lookup nothing: the token is the key, so only the very string that was verified
 * hits. Expiry is checked on every use, and a session ended by sign-out or a new password is refused by its
 * version, which the user row read on every request carries. A claim counts only under the key that verified it;
 * past the cap the oldest go first.
 */
const verifiedSessions = new Map<string, { sub: string; sv: unknown; iat: number; exp: number; key: CryptoKey }>();
const VERIFIED_SESSIONS_KEPT = 2000;

let keys: Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> | undefined;
let keySource: string | undefined;

/**
 * Why this Worker must not start sessions, or null when it may: production (any APP_ENV but "development" or
 * "test", see environment.server.ts) needs the SESSION_JWK secret. A key made up per instance would sign tokens the
 * other instances reject and end every session on each restart; refusing says at once what is missing.
 */
function missingSessionKey(env: Pick<Env, "APP_ENV" | "SESSION_JWK">): string | null {
  return env.SESSION_JWK || !isProduction(env) ? null : NO_SESSION_KEY;
}

/** The signing key comes from the SESSION_JWK secret; in development and tests without it, an ephemeral key serves. */
function signingKeys(env: Env) {
  const problem = missingSessionKey(env);
  if (problem) return Promise.reject(new Error(problem));
  const source = `${appEnvironment(env)}:${env.SESSION_JWK ?? ""}`;
  if (!keys || keySource !== source) {
    keySource = source;
    keys = (async () => {
      if (!env.SESSION_JWK) {
        console.warn("SESSION_JWK is not set: using an ephemeral session key (sessions end when the Worker restarts)");
        return generateKeyPair(ALG, { crv: "Ed25519", extractable: false });
      }
      const jwk = JSON.parse(env.SESSION_JWK) as JWK;
      const { d: _d, ...publicJwk } = jwk;
      const privateKey = (await importJWK(jwk, ALG)) as CryptoKey;
      const publicKey = (await importJWK(publicJwk, ALG)) as CryptoKey;
      return { privateKey, publicKey };
    })();
  }
  return keys;
}

export async function createSessionToken(env: Env, user: { id: string; sessionVersion: number }): Promise<string> {
  const { privateKey } = await signingKeys(env);
  return new SignJWT({ sv: user.sessionVersion })
    .setProtectedHeader({ alg: ALG })
    .setSubject(user.id)
    .setIssuedAt()
    .setIssuer("coinwork")
    .setExpirationTime(`${SESSION_DAYS}d`)
    .sign(privateKey);
}

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${SESSION_DAYS * 86400}`;
}

export function clearSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/**
 * A browser or client that has signed in to an account carries a device token for it (OWASP's "device cookie"): it
 * lets that client past the account's own sign-in wait, which strangers' failures may have started
 * (services/login-throttle.server.ts). Signed with the session key under an issuer of its own, so that neither kind
 * of token passes for the other; it says which account and which device, nothing more.
 */
export const DEVICE_COOKIE = "__Host-cw_device";
const DEVICE_DAYS = 180;
const DEVICE_ISSUER = "coinwork-device";

export interface KnownDevice {
  /** a random id per sign-in: the device's own failures are counted under it */
  id: string;
  userId: string;
}

export async function createDeviceToken(env: Env, userId: string): Promise<string> {
  const { privateKey } = await signingKeys(env);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALG })
    .setSubject(userId)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setIssuer(DEVICE_ISSUER)
    .setExpirationTime(`${DEVICE_DAYS}d`)
    .sign(privateKey);
}

export function deviceCookie(token: string): string {
  return `${DEVICE_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${DEVICE_DAYS * 86400}`;
}

/** The device the request's device cookie names, when its signature holds; null otherwise. */
export async function knownDevice(env: Env, request: Request): Promise<KnownDevice | null> {
  const token = readCookie(request, DEVICE_COOKIE);
  if (!token) return null;
  try {
    const { publicKey } = await signingKeys(env);
    const { payload } = await jwtVerify(token, publicKey, { issuer: DEVICE_ISSUER, algorithms: [ALG] });
    return typeof payload.sub === "string" && typeof payload.jti === "string"
      ? { id: payload.jti, userId: payload.sub }
      : null;
  } catch {
    return null;
  }
}

/**
 * A short-lived statement the server makes to itself through a browser (a HIT question's address, which crosses to
 * another site where no cookie goes): signed with the session key under an issuer of its own, so that it passes for
 * no session or device token, nor they for it. `claims` are strings; the subject says what it is about.
 */
export async function signStatement(
  env: Env,
  issuer: string,
  subject: string,
  claims: Record<string, string>,
  seconds: number,
): Promise<string> {
  const { privateKey } = await signingKeys(env);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALG })
    .setSubject(subject)
    .setIssuer(issuer)
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(privateKey);
}

/** The claims of a statement of `issuer` about `subject` whose signature and expiry hold; null otherwise. */
export async function verifiedStatement(
  env: Env,
  token: string,
  issuer: string,
  subject: string,
): Promise<Record<string, unknown> | null> {
  try {
    const { publicKey } = await signingKeys(env);
    const { payload } = await jwtVerify(token, publicKey, { issuer, subject, algorithms: [ALG] });
    return payload;
  } catch {
    return null;
  }
}

/** The session token the request's cookie carries, if any. */
export function sessionCookieToken(request: Request): string | undefined {
  return readCookie(request, SESSION_COOKIE);
}

/** The token of an `Authorization: Bearer` header (a browser never sends one on its own), if any. */
export function bearerToken(request: Request): string | undefined {
  const h = request.headers.get("Authorization") ?? "";
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/** The person behind a verified ID token of a trusted external issuer. */
export interface ExternalProfile {
  email: string;
  name: string;
  photo: string | null;
}

/**
 * Why no user was found: none given, or one given that does not hold. `external` is a verified external ID token
 * whose e-mail has no account yet (POST /users makes it one).
 */
export type IdentityResult = { user: SessionUser } | { user: null; presented: boolean; external?: ExternalProfile };

const remoteJwks = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function jwks(url: string) {
  let set = remoteJwks.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    remoteJwks.set(url, set);
  }
  return set;
}

/**
 * The profile of a verified ID token from a trusted external issuer (Google, a Firebase project), else null. The
 * issuer must vouch for the address (`email_verified: true`): a token without that is no identity here.
 */
async function externalTokenProfile(env: Env, token: string): Promise<ExternalProfile | null> {
  const issuers: { issuer: string; audience: string; jwksUrl: string }[] = [];
  if (env.GOOGLE_CLIENT_ID) {
    const issuer = env.GOOGLE_ISSUER ?? "https://accounts.google.com";
    const jwksUrl = env.GOOGLE_ISSUER
      ? `${issuer.replace(/\/$/, "")}/jwks`
      : "https://www.googleapis.com/oauth2/v3/certs";
    issuers.push({ issuer, audience: env.GOOGLE_CLIENT_ID, jwksUrl });
  }
  if (env.FIREBASE_PROJECT_ID) {
    issuers.push({
      issuer: `https://securetoken.google.com/${env.FIREBASE_PROJECT_ID}`,
      audience: env.FIREBASE_PROJECT_ID,
      jwksUrl: "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com",
    });
  }
  for (const { issuer, audience, jwksUrl } of issuers) {
    try {
      const { payload } = await jwtVerify(token, jwks(jwksUrl), { issuer, audience });
      if (typeof payload.email === "string" && payload.email_verified === true) {
        const email = payload.email.toLowerCase();
        const name =
          typeof payload.name === "string" && payload.name.trim() ? payload.name.trim().slice(0, 100) : email;
        const photo =
          typeof payload.picture === "string" && /^https:\/\//.test(payload.picture) ? payload.picture : null;
        return { email, name, photo };
      }
    } catch {
      // try the next issuer
    }
  }
  return null;
}

const userColumns = {
  ...sessionUserColumns,
  sessionVersion: users.sessionVersion,
  disabledAt: users.disabledAt,
};

// read on every signed-in request: its SQL is built once (prepared.server.ts)
const userById = preparedRead((db) =>
  db
    .select(userColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
);

async function verifiedSession(env: Env, token: string): Promise<{ sub: string; sv: unknown; iat: number }> {
  // the key first: it refuses when production has none
  const { publicKey } = await signingKeys(env);
  const known = verifiedSessions.get(token);
  if (known && known.key === publicKey && known.exp * 1000 > Date.now()) return known;
  const { payload } = await jwtVerify(token, publicKey, { issuer: "coinwork", algorithms: [ALG] });
  const claims = {
    sub: String(payload.sub),
    sv: payload.sv,
    iat: payload.iat ?? 0,
    exp: payload.exp ?? 0,
    key: publicKey,
  };
  if (verifiedSessions.size >= VERIFIED_SESSIONS_KEPT) verifiedSessions.delete(verifiedSessions.keys().next().value!);
  verifiedSessions.set(token, claims);
  return claims;
}

/**
 * When the session of the request's cookie was signed in (ms): a token is made only by a sign-in, a password change
 * and an address change, so its issue time is the last moment its holder proved who they are. Null without a valid
 * cookie. (Whether the session is still live is `identify`'s question.)
 */
export async function sessionSignedInAt(env: Env, request: Request): Promise<number | null> {
  const token = sessionCookieToken(request);
  if (!token) return null;
  try {
    return (await verifiedSession(env, token)).iat * 1000;
  } catch {
    return null;
  }
}

/** Reads the cookie or Bearer token and the user row behind it. Role and coins always come from D1. */
export async function identify(request: Request, env: Env): Promise<IdentityResult> {
  const token = bearerToken(request) ?? sessionCookieToken(request);
  if (!token) return { user: null, presented: false };
  let row: Awaited<ReturnType<typeof userById>>[number] | undefined;
  let external: ExternalProfile | null = null;
  try {
    const session = await verifiedSession(env, token);
    [row] = await userById(env, { id: session.sub });
    if (row && row.sessionVersion !== session.sv) row = undefined;
  } catch {
    external = await externalTokenProfile(env, token);
    if (external)
      row = (await getDb(env).select(userColumns).from(users).where(eq(users.email, external.email)).limit(1))[0];
    // An unverified account is not the external person's until POST /users takes it over (accounts.server.ts).
    if (row && row.emailVerifiedAt === null && row.disabledAt === null) row = undefined;
  }
  if (!row && external) return { user: null, presented: true, external };
  if (!row || row.disabledAt !== null) return { user: null, presented: true };
  return { user: toSessionUser(row) };
}
