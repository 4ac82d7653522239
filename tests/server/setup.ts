import { applyD1Migrations, env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll } from "vitest";

// Storage is shared across tests of a run: every test makes its own users and data.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The first request loads the whole app into workerd (many seconds on a busy 2-core machine; once per run, as the
// files share one runtime: see vitest.config.ts). Pay that here, under a hook's own time limit, so no test's 30 s
// budget is spent on it.
beforeAll(async () => {
  const worker = (exports as unknown as { default: { fetch: (r: Request) => Promise<Response> } }).default;
  await (await worker.fetch(new Request("http://localhost/robots.txt"))).arrayBuffer();
}, 180_000);
