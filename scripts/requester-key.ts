// npm run requester-key -- <buyer e-mail> [--persist-to <dir>]
//
// Makes a new MTurk Requester API key for a verified buyer of the local database and prints it on one line,
// `AccessKeyId=… SecretAccessKey=…`, for scripts and the examples of docs/mturk.md. The secret is sealed with the
// MTURK_KEY_SECRET of .dev.vars (written by `npm run dev`), as the settings page seals it.
//
// No password is asked, and no e-mail sent: the page asks for the password because a session cookie can be stolen;
// whoever runs this already holds the local database file and its sealing secret, which are more than the password
// would prove (the same footing as `npm run admin`). It refuses remote databases, and keeps the page's other rules:
// a verified buyer, at most MAX_LIVE_KEYS live keys.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { newKeyPair, sealSecret } from "../app/server/mturk/key-sealing.server.ts";
import { MAX_LIVE_KEYS, TOO_MANY_KEYS } from "../app/lib/schemas/requester-keys.ts";
import { describeTarget, parseTarget, query, ROOT, sqlString } from "./lib/wrangler.ts";

function devVar(name: string): string | undefined {
  const file = path.join(ROOT, ".dev.vars");
  if (!existsSync(file)) return undefined;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const at = line.indexOf("=");
    if (at > 0 && line.slice(0, at).trim() === name)
      return line
        .slice(at + 1)
        .trim()
        .replace(/^'(.*)'$/, "$1");
  }
  return undefined;
}

async function main() {
  const { target, rest } = parseTarget(process.argv.slice(2));
  const email = rest[0]?.trim().toLowerCase();
  if (!email || rest.length > 1 || !email.includes("@") || target.remote) {
    console.error("Usage: npm run requester-key -- <buyer e-mail> [--persist-to <dir>]  (local databases only)");
    process.exit(2);
  }
  const master = devVar("MTURK_KEY_SECRET");
  if (!master) {
    console.error("MTURK_KEY_SECRET is not in .dev.vars: run `npm run dev` once, which writes it.");
    process.exit(1);
  }
  const where = describeTarget(target);
  const user = query<{ id: string; role: string; email_verified_at: number | null; disabled_at: number | null }>(
    `SELECT id, role, email_verified_at, disabled_at FROM users WHERE email = ${sqlString(email)}`,
    target,
  )[0];
  if (!user || user.disabled_at !== null) {
    console.error(`No live account with the e-mail ${email} in ${where}.`);
    process.exit(1);
  }
  if (user.role !== "Buyer" || user.email_verified_at === null) {
    console.error(`${email} is not a verified buyer: only verified buyers have requester keys.`);
    process.exit(1);
  }
  const pair = newKeyPair();
  const sealed = await sealSecret(master, pair.accessKeyId, pair.secretAccessKey);
  const id = sqlString(pair.accessKeyId);
  // the same limit as the page's, counted in the insert (the live keys' partial index, migrations/0060)
  query(
    `INSERT INTO requester_keys (access_key_id, user_id, sealed_secret, created_at)
      SELECT ${id}, ${sqlString(user.id)}, ${sqlString(sealed)}, ${Date.now()}
      WHERE (SELECT COUNT(*) FROM requester_keys WHERE user_id = ${sqlString(user.id)} AND revoked_at IS NULL) < ${MAX_LIVE_KEYS}`,
    target,
  );
  if (!query<{ n: number }>(`SELECT COUNT(*) AS n FROM requester_keys WHERE access_key_id = ${id}`, target)[0]?.n) {
    console.error(`${email}: ${TOO_MANY_KEYS}`);
    process.exit(1);
  }
  console.log(`AccessKeyId=${pair.accessKeyId} SecretAccessKey=${pair.secretAccessKey}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
