// npm run admin -- <email> [--remote | --persist-to <dir>]
//
// Promotes an existing user to Admin. The user's sessions stay valid: the role is read from D1 on
// every request, so the new role applies on their next page load.
import { describeTarget, parseTarget, query, sqlString } from "./lib/wrangler.ts";

function main() {
  const { target, rest } = parseTarget(process.argv.slice(2));
  const email = rest[0]?.trim().toLowerCase();
  if (!email || rest.length > 1 || !email.includes("@")) {
    console.error("Usage: npm run admin -- <email> [--remote | --persist-to <dir>]");
    process.exit(2);
  }
  const where = describeTarget(target);
  const user = query<{ id: string; name: string; role: string; disabled_at: number | null }>(
    `SELECT id, name, role, disabled_at FROM users WHERE email = ${sqlString(email)}`,
    target,
  )[0];
  if (!user) {
    console.error(`No user with the e-mail ${email} in ${where}. They must register first.`);
    process.exit(1);
  }
  if (user.disabled_at !== null) {
    console.error(`${email} has been removed (disabled); not promoting a removed account.`);
    process.exit(1);
  }
  if (user.role === "Admin") {
    console.log(`${user.name} <${email}> is already an Admin in ${where}.`);
    return;
  }
  query(`UPDATE users SET role = 'Admin' WHERE id = ${sqlString(user.id)}`, target);
  console.log(`${user.name} <${email}> is now an Admin (was ${user.role}) in ${where}.`);
}

try {
  main();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
