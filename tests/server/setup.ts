import { applyD1Migrations, env } from "cloudflare:test";

// Storage is shared across tests of a run: every test makes its own users and data.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
