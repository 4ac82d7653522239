import { data, Link } from "react-router";
import type { Route } from "./+types/mail-message";
import { LocalTime } from "~/components/local-time";
import { findDevMail } from "~/server/email/mailer.server";
import { devMailboxEnv } from "./dev-only.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.message.subject ?? "Email"} · Mailbox · Coinwork` },
  { name: "robots", content: "noindex" },
];

/** One sent e-mail as its recipient reads it: the HTML part (its links work) and the plain-text part. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const message = await findDevMail(devMailboxEnv(context), params.id);
  if (!message) throw data("No such email", { status: 404 });
  // The body of the HTML part (written by app/server/email/letters.server.ts, every value in it escaped).
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(message.html)?.[1] ?? message.html;
  return { message: { ...message, html: body } };
}

export default function MailMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <Link to="/dev/mail" className="text-sm font-medium text-brand-700 hover:underline">
        ← Mailbox
      </Link>
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{message.subject}</h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">From</dt>
          <dd className="break-all">{message.fromAddress}</dd>
          <dt className="text-muted-foreground">To</dt>
          <dd className="break-all" data-testid="mail-to">
            {message.toAddress}
          </dd>
          <dt className="text-muted-foreground">Sent</dt>
          <dd>
            <LocalTime at={message.createdAt} />
          </dd>
        </dl>
      </div>
      <section aria-label="The email" className="rounded-xl border border-border bg-slate-50 p-2 sm:p-4">
        <div dangerouslySetInnerHTML={{ __html: message.html }} />
      </section>
      <details className="rounded-xl border border-border bg-white p-4">
        <summary className="cursor-pointer text-sm font-semibold">Plain-text part</summary>
        <pre className="mt-3 whitespace-pre-wrap break-words text-sm">{message.text}</pre>
      </details>
    </main>
  );
}
