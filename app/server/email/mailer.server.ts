// The one way out for every e-mail Coinwork sends: Cloudflare Email Service, through the `EMAIL` send_email binding.
// `wrangler dev` and the tests simulate that binding (messages are logged and written to files, never sent). Where
// APP_ENV is development or test, each message is also kept in D1's dev_mailbox, which the mailbox at /dev/mail
// shows; production keeps no copy, and the mailbox answers 404 there.
import { count, desc, eq } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { fetchPage, pageWindow } from "../db/paging";
import { devMailbox } from "../db/schema";
import { isProduction } from "../environment.server";

/** A message as the letters (letters.server.ts) write it: a subject, an HTML part and a plain-text part. */
export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on the alert digests */
  headers?: Record<string, string>;
}

/** The name the messages come from (the address is EMAIL_FROM). */
const SENDER_NAME = "Coinwork";

export async function sendMail(env: Env, mail: Mail): Promise<void> {
  if (!env.EMAIL_FROM) throw new Error("EMAIL_FROM is not set: Coinwork cannot send e-mail");
  await env.EMAIL.send({
    from: { name: SENDER_NAME, email: env.EMAIL_FROM },
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.headers ? { headers: mail.headers } : {}),
  });
  if (devMailboxOpen(env)) {
    await getDb(env)
      .insert(devMailbox)
      .values({
        id: newId(),
        toAddress: mail.to,
        fromAddress: `${SENDER_NAME} <${env.EMAIL_FROM}>`,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers ? JSON.stringify(mail.headers) : null,
        createdAt: Date.now(),
      });
  }
}

/** The development mailbox exists only where APP_ENV says development or test (its pages answer 404 elsewhere). */
export function devMailboxOpen(env: Env): boolean {
  return !isProduction(env);
}

/** The mailbox's messages, newest first (all of them, or those to one address). */
export async function listDevMail(env: Env, opts: { to?: string; page?: number; limit?: number } = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 20);
  const where = opts.to ? eq(devMailbox.toAddress, opts.to.toLowerCase()) : undefined;
  return fetchPage(
    w,
    db
      .select({
        id: devMailbox.id,
        toAddress: devMailbox.toAddress,
        subject: devMailbox.subject,
        createdAt: devMailbox.createdAt,
      })
      .from(devMailbox)
      .where(where)
      .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(devMailbox).where(where),
  );
}

export async function findDevMail(env: Env, id: string) {
  return (await getDb(env).select().from(devMailbox).where(eq(devMailbox.id, id)).limit(1))[0];
}
