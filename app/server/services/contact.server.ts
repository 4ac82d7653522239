// The public contact form: messages are stored in D1 for admins to read, rate limited per visitor address.
import type * as v from "valibot";
import type { contactSchema } from "~/lib/schemas/contact";
import { getDb, newId } from "../db/client.server";
import { contactMessages } from "../db/schema";
import { clientAddress, rateLimit } from "./rate-limit.server";

export type ContactInput = v.InferOutput<typeof contactSchema>;

/** Messages one address may send per window. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_SECONDS = 10 * 60;

/** The form's rate limit per visitor address (a 429 AppError past it), checked before the form is read. */
export function rateLimitContact(env: Env, request: Request): Promise<void> {
  return rateLimit(env, `contact:ip:${clientAddress(request)}`, CONTACT_LIMIT, CONTACT_WINDOW_SECONDS);
}

/** Stores a validated contact message. Returns the message id. */
export async function submitContactMessage(env: Env, input: ContactInput): Promise<string> {
  const id = newId();
  await getDb(env).insert(contactMessages).values({
    id,
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    createdAt: Date.now(),
  });
  return id;
}
