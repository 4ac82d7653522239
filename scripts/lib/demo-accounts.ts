// The demo accounts: every seeded local database has them (scripts/seed-data.ts), and so do the benchmark's
// marketplaces (scripts/lib/bench-data.ts). No app code here, so that reading them costs nothing.

export const DEMO_PASSWORD = "Coinwork!1";

export const DEMO_ACCOUNTS = [
  { role: "Admin", email: "admin@coinwork.dev", name: "Ayesha Karim" },
  { role: "Buyer", email: "buyer@coinwork.dev", name: "Jordan Blake" },
  { role: "Worker", email: "worker@coinwork.dev", name: "Rahim Uddin" },
] as const;

/** `SELECT … ` that is non-empty once the seed has run (or a demo e-mail is taken). */
export const SEEDED_CHECK_SQL = `SELECT id FROM users WHERE email IN (${DEMO_ACCOUNTS.map((a) => `'${a.email}'`).join(", ")}) LIMIT 1`;
