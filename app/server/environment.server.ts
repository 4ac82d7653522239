// Where the Worker runs, read from APP_ENV. Only an explicit "development" or "test" counts as not production, so a
// deployment that forgets the variable gets production's fail-closed behaviour rather than a development shortcut.
// And those two are believed only on this machine: a request to any other host with either of them is refused, as
// is a production Worker without its session key, APP_ORIGIN or QUESTION_ORIGIN, or with rate limits switched off or
// fewer password rounds asked for.
import { PASSWORD_ROUNDS } from "./auth/password";

export type AppEnvironment = "development" | "test" | "production";

export function appEnvironment(env: Pick<Env, "APP_ENV">): AppEnvironment {
  return env.APP_ENV === "development" || env.APP_ENV === "test" ? env.APP_ENV : "production";
}

export function isProduction(env: Pick<Env, "APP_ENV">): boolean {
  return appEnvironment(env) === "production";
}

/** The private IPv4 ranges and loopback: a LAN address serves a phone on the developer's network. */
const LOCAL_IPV4 = /^(?:127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+)$/;

/**
 * Host names that are never a deployment: this machine, a LAN address, and the names reserved for testing and
 * local networks (RFC 2606 and 6761: *.test, *.localhost; mDNS *.local). Cloudflare routes a request to a Worker
 * by its host name, so a deployed Worker never sees one of these.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    host === "localhost" ||
    host === "::1" ||
    LOCAL_IPV4.test(host) ||
    /\.(?:localhost|test|local)$/.test(host) ||
    host === "test"
  );
}

/** A setting that is an origin (`https://coinwork.example`, no path), else null. */
function originSetting(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === value.replace(/\/$/, "") ? url : null;
  } catch {
    return null;
  }
}

/** APP_ORIGIN when it is an origin, else null. */
const configuredOrigin = (env: Pick<Env, "APP_ORIGIN">) => originSetting(env.APP_ORIGIN);

/** Whether `host` is `parent` or a subdomain of it. */
const isWithin = (host: string, parent: string) => host === parent || host.endsWith(`.${parent}`);

/**
 * Why QUESTION_ORIGIN cannot serve HITs' questions in production, or null when it can: it must be an origin, and
 * not APP_ORIGIN's host nor a subdomain or parent of it, since requester code runs there (a registrable domain of its
 * own cannot be told without the public suffix list; these are the mistakes that can).
 */
function questionOriginProblem(env: Pick<Env, "APP_ORIGIN" | "QUESTION_ORIGIN">): string | null {
  const questions = originSetting(env.QUESTION_ORIGIN);
  if (!questions)
    return "QUESTION_ORIGIN is not set to an origin such as https://coinwork-questions.example: HITs' questions are served from it in production";
  const app = configuredOrigin(env);
  if (app && (isWithin(questions.hostname, app.hostname) || isWithin(app.hostname, questions.hostname)))
    return `QUESTION_ORIGIN (${questions.hostname}) must be a domain of its own, not APP_ORIGIN's (${app.hostname}) nor a subdomain or parent of it: requester code runs there`;
  return null;
}

export const NO_SESSION_KEY =
  "SESSION_JWK is not set: refusing to start sessions in production (set it with `wrangler secret put SESSION_JWK`)";

type Settings = Pick<
  Env,
  "APP_ENV" | "APP_ORIGIN" | "QUESTION_ORIGIN" | "SESSION_JWK" | "RATE_LIMIT_OFF" | "PASSWORD_ROUNDS"
>;

/**
 * Why this Worker must not answer `url` (the request's, or null for a Cron Trigger), in one log line; null when it
 * may. Checked at the door of every request (workers/app.ts), before anything runs.
 */
export function misconfiguration(env: Settings, url: URL | null): string | null {
  if (!isProduction(env)) {
    const host = url?.hostname ?? configuredOrigin(env)?.hostname;
    if (host && !isLocalHost(host))
      return `APP_ENV is "${env.APP_ENV}" on ${host}: development and test settings are refused outside this machine (set APP_ENV to production)`;
    return null;
  }
  const problems: string[] = [];
  if (!env.SESSION_JWK) problems.push(NO_SESSION_KEY);
  if (!configuredOrigin(env))
    problems.push(
      "APP_ORIGIN is not set to an origin such as https://coinwork.example: the links in e-mails need it in production",
    );
  const questions = questionOriginProblem(env);
  if (questions) problems.push(questions);
  if (env.RATE_LIMIT_OFF && env.RATE_LIMIT_OFF !== "0")
    problems.push("RATE_LIMIT_OFF is set: rate limits cannot be switched off in production");
  if (env.PASSWORD_ROUNDS) problems.push("PASSWORD_ROUNDS is set: production hashes passwords with 100,000 rounds");
  return problems.length ? problems.join("; ") : null;
}

/** Whether rate limits and sign-in throttling are switched off (browser test suites; never in production). */
export function rateLimitsOff(env: Pick<Env, "APP_ENV" | "RATE_LIMIT_OFF">): boolean {
  return env.RATE_LIMIT_OFF === "1" && !isProduction(env);
}

/**
 * The PBKDF2 rounds of a new password hash: 100,000, except under APP_ENV "test" with PASSWORD_ROUNDS (1,000 to
 * 100,000). The suite makes about 2,000 hashes in its server files alone, each some 30 ms of CPU at 100,000 rounds
 * (decision 114); what it tests of them (a hash verifies, a wrong password does not, unknown accounts cost alike)
 * holds at any count, and a hash keeps its own count, so demo accounts made at 100,000 still sign in.
 */
export function passwordRounds(env: Pick<Env, "APP_ENV" | "PASSWORD_ROUNDS">): number {
  const asked = Number(env.PASSWORD_ROUNDS);
  return appEnvironment(env) === "test" && Number.isInteger(asked) && asked >= 1_000 && asked <= PASSWORD_ROUNDS
    ? asked
    : PASSWORD_ROUNDS;
}

/**
 * The origin of the links in e-mails and of absolute URLs in answers: APP_ORIGIN, never the request's Host header.
 * Only where APP_ORIGIN is not set (development and tests; production refuses to start without it) the request's.
 */
export function appOrigin(env: Pick<Env, "APP_ORIGIN">, request: Request): string {
  return configuredOrigin(env)?.origin ?? new URL(request.url).origin;
}

/** The question origin's host where QUESTION_ORIGIN is not set: browsers resolve every `*.localhost` to this machine. */
export const LOCAL_QUESTION_HOST = "questions.localhost";

/**
 * Where HITs' questions are served (docs/mturk.md): QUESTION_ORIGIN, a registrable domain of its own, so that
 * requester code never runs on Coinwork's site. Only where it is not set (development and tests; production refuses
 * to start without it) the app's origin with the host `questions.localhost`: the same server, another site.
 */
export function questionOrigin(env: Pick<Env, "APP_ORIGIN" | "QUESTION_ORIGIN">, request: Request): string {
  const configured = originSetting(env.QUESTION_ORIGIN);
  if (configured) return configured.origin;
  const local = new URL(appOrigin(env, request));
  local.hostname = LOCAL_QUESTION_HOST;
  return local.origin;
}

/** Whether the request is addressed to the question origin, which serves HITs' questions and nothing of the app. */
export function isQuestionRequest(env: Pick<Env, "QUESTION_ORIGIN">, url: URL): boolean {
  const configured = originSetting(env.QUESTION_ORIGIN);
  return configured ? url.host === configured.host : url.hostname === LOCAL_QUESTION_HOST;
}

/** Where `npm run dev` serves the app when it is not told another port (vite.config.ts's `server.port`). */
const DEFAULT_DEV_ORIGIN = "http://localhost:5173";

/**
 * The origin of links in what the Cron Trigger sends, which has no request to read: APP_ORIGIN, or in development
 * and tests the one the dev server says it serves (DEV_ORIGIN, set by `npm run dev` for its port), else its default
 * port's. Production without APP_ORIGIN throws rather than send links to nowhere.
 */
export function cronOrigin(env: Pick<Env, "APP_ORIGIN" | "APP_ENV" | "DEV_ORIGIN">): string {
  const configured = configuredOrigin(env)?.origin;
  if (configured) return configured;
  if (isProduction(env)) throw new Error("APP_ORIGIN is not set: the Cron Trigger cannot write links in e-mails");
  return configuredOrigin({ APP_ORIGIN: env.DEV_ORIGIN })?.origin ?? DEFAULT_DEV_ORIGIN;
}
