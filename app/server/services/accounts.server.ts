// Sign-up, sign-in and sign-out of the embedded identity provider (docs/product/identity.md).
import { eq, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { hashPassword, verifyPassword } from "../auth/password";
import { createSessionToken, type SessionUser } from "../auth/session.server";
import { posting } from "./ledger.server";
import { checkLoginThrottle, clearLoginFailures, recordLoginFailure } from "./login-throttle.server";
import { SIGNUP_COINS } from "~/lib/coins";
import type { RegisterInput } from "~/lib/schemas/auth";

export const EMAIL_EXISTS = "Email already exists";
export const BAD_CREDENTIALS = "Invalid email or password";

function isAdminEmail(env: Env, email: string): boolean {
  return (env.ADMIN_EMAILS ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .includes(email.toLowerCase());
}

interface NewAccount {
  name: string;
  email: string;
  role: "Worker" | "Buyer";
  photo: string | null;
  passwordHash: string | null;
}

/** The user row and its sign-up bonus in one batch; the role's coins are the server's, never the client's. */
async function createAccount(env: Env, a: NewAccount): Promise<string> {
  const db = getDb(env);
  const id = newId();
  const now = Date.now();
  await newBatch(env)
    .step(
      "create user",
      db.insert(users).values({
        id,
        name: a.name,
        email: a.email,
        role: a.role,
        coin: 0,
        photo: a.photo || null,
        passwordHash: a.passwordHash,
        createdAt: now,
      }),
    )
    .step("bonus", ...posting({ id: newId(), userId: id, delta: SIGNUP_COINS[a.role], kind: "signup_bonus", now }))
    .run({
      refusal: () => new AppError("conflict", EMAIL_EXISTS, { email: [EMAIL_EXISTS] }),
      constraint: "users.email",
    });
  return id;
}

export async function register(env: Env, input: RegisterInput) {
  const id = await createAccount(env, {
    name: input.name,
    email: input.email,
    role: input.role,
    photo: input.photo || null,
    passwordHash: await hashPassword(input.password),
  });
  return signIn(env, id);
}

/** `address` is the client's (rate-limit.server.ts `clientAddress`): failures are throttled per e-mail and per address. */
export async function login(env: Env, email: string, password: string, address: string) {
  await checkLoginThrottle(env, email, address);
  const db = getDb(env);
  const row = (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];
  const ok = await verifyPassword(password, row?.passwordHash);
  if (!row || !ok) {
    await recordLoginFailure(env, email, address);
    throw new AppError("unauthorized", BAD_CREDENTIALS);
  }
  await clearLoginFailures(env, email);
  // Said only to someone who knows the password: it would otherwise tell strangers which e-mails had accounts.
  if (row.disabledAt !== null) throw new AppError("unauthorized", "This account has been removed");
  return signIn(env, row.id);
}

/** Google (or another OIDC issuer): an existing account signs in with its role; a new one becomes a Worker. */
export async function signInWithVerifiedEmail(
  env: Env,
  profile: { email: string; name: string; photo: string | null },
) {
  const db = getDb(env);
  const email = profile.email.toLowerCase();
  let row = (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  if (row?.disabledAt) throw new AppError("forbidden", "This account has been removed");
  let id = row?.id;
  if (!id) {
    try {
      id = await createAccount(env, {
        name: profile.name || email,
        email,
        role: "Worker",
        photo: profile.photo,
        passwordHash: null,
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      row = (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
      id = row!.id;
    }
  }
  return signIn(env, id);
}

async function signIn(env: Env, id: string): Promise<{ token: string; user: SessionUser }> {
  const db = getDb(env);
  let row = (await db.select().from(users).where(eq(users.id, id)).limit(1))[0]!;
  if (row.role !== "Admin" && isAdminEmail(env, row.email)) {
    await db.update(users).set({ role: "Admin" }).where(eq(users.id, id));
    row = { ...row, role: "Admin" };
  }
  const token = await createSessionToken(env, row);
  return {
    token,
    user: { id: row.id, name: row.name, email: row.email, role: row.role, coin: row.coin, photo: row.photo },
  };
}

/** Logout ends every copy of the session: tokens carry the version they were issued with. */
export async function logout(env: Env, userId: string) {
  await getDb(env)
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
}
