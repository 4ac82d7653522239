// Bindings and settings of the Worker (wrangler.toml [vars], secrets in .dev.vars or `wrangler secret put`).
interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  /** Cloudflare Email Service: every message Coinwork sends (app/server/email/mailer.server.ts). */
  EMAIL: SendEmail;
  /** "development" or "test" switch on development-only parts; anything else is production (see wrangler.toml). */
  APP_ENV?: string;
  ADMIN_EMAILS?: string;
  /** The sender address of Coinwork's e-mails, on a domain onboarded to Cloudflare Email Service. */
  EMAIL_FROM?: string;
  DEVELOPER_REPO_URL?: string;
  REVIEW_WINDOW_DAYS?: string;
  /** The minimum hourly pay in US cents (default 600). */
  MIN_HOURLY_PAY_CENTS?: string;
  CORS_ORIGINS?: string;
  /** Ed25519 private key as a JWK (JSON) that signs session tokens. */
  SESSION_JWK?: string;
  /**
   * "test" switches on the embedded test-mode payment provider when there are no Stripe keys, and only where
   * APP_ENV is "development" or "test": in production it switches card payments off (and says so in the log).
   */
  PAYMENTS_MODE?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Only for tests: where the Stripe SDK sends its requests, e.g. "http://127.0.0.1:12111". */
  STRIPE_API_BASE?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** OpenID issuer for Google sign-in; tests point it at a local provider. */
  GOOGLE_ISSUER?: string;
  /** Extra OIDC issuers whose ID tokens the REST API accepts, e.g. a Firebase project id. */
  FIREBASE_PROJECT_ID?: string;
  /** "1" turns off rate limits (browser test suites that sign in hundreds of times); refused in production. */
  RATE_LIMIT_OFF?: string;
  /**
   * Only for the test suite: PBKDF2 rounds of the passwords it makes (1,000 to 100,000; 100,000 otherwise). Ignored
   * outside APP_ENV "test", refused in production.
   */
  PASSWORD_ROUNDS?: string;
  /**
   * Where Coinwork is served, e.g. "https://coinwork.example": the origin of every link in its e-mails, never the
   * request's Host header. Required in production (the Worker refuses to answer without it); without it, development
   * and tests use the request's origin.
   */
  APP_ORIGIN?: string;
  /**
   * Where HITs' questions (requester code) are served, e.g. "https://coinwork-questions.example": a registrable domain
   * of its own, routed to this Worker, which answers there nothing but the questions' frames. Required in production
   * (the Worker refuses to answer without it, or with APP_ORIGIN's domain); without it, development and tests serve
   * them from "questions.localhost" at the request's port.
   */
  QUESTION_ORIGIN?: string;
  /**
   * The origin `npm run dev` serves (`http://localhost:<port>`), set by it for the dev server alone: where APP_ORIGIN
   * is empty, the links in e-mails the Cron Trigger sends point there. Ignored in production.
   */
  DEV_ORIGIN?: string;
  /**
   * Seals the MTurk Requester API keys' secrets at rest (AES-GCM; docs/mturk.md). Without it no requester key is
   * made or accepted. `npm run dev` writes one to .dev.vars; in production `wrangler secret put MTURK_KEY_SECRET`.
   */
  MTURK_KEY_SECRET?: string;
  /**
   * The VAPID key that signs Web Push messages (RFC 8292): a P-256 private key as a JWK (JSON). Without it no push
   * is turned on or sent (production says so in its log). `npm run dev` writes one to .dev.vars; in production
   * `wrangler secret put VAPID_JWK`. Replacing it ends every browser's subscription (each must turn push on again).
   */
  VAPID_JWK?: string;
}
