// The development mailbox's pages (not a route): they exist only where APP_ENV is development or test.
import { data, type RouterContextProvider } from "react-router";
import { getEnv } from "~/server/context";
import { devMailboxOpen } from "~/server/email/mailer.server";

/** The Worker's settings, or a 404 (production: the pages are not there). */
export function devMailboxEnv(context: Readonly<RouterContextProvider>): Env {
  const env = getEnv(context);
  if (!devMailboxOpen(env)) throw data("Not found", { status: 404 });
  return env;
}
