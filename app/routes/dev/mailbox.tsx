import { Form, Link } from "react-router";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import type { Route } from "./+types/mailbox";
import { LocalTime } from "~/components/local-time";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { EmptyState } from "~/components/ui/empty-state";
import { PagedList } from "~/components/responsive-list";
import { listDevMail } from "~/server/email/mailer.server";
import { redirectPastLastPage } from "~/server/http/list-page.server";
import { devMailboxEnv } from "./dev-only.server";

export const meta: Route.MetaFunction = () => [{ title: "Mailbox · Coinwork" }, { name: "robots", content: "noindex" }];

/** Every e-mail this development or test server has sent, newest first (optionally those to one address). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = devMailboxEnv(context);
  const url = new URL(request.url);
  const to = (url.searchParams.get("to") ?? "").trim();
  const page = readSearch(url, pageQuery).page;
  const list = await listDevMail(env, { to: to || undefined, page });
  redirectPastLastPage(url, page, list);
  return { to, messages: list.items, page: list.page, pages: list.pages };
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { to, messages, page, pages } = loaderData;
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Mailbox</h1>
        <p className="text-muted-foreground">
          Every email this development server has sent, newest first. Nothing here left the machine.
        </p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <Label htmlFor="mailbox-to">To</Label>
          <Input id="mailbox-to" name="to" type="email" defaultValue={to} placeholder="someone@example.com" />
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
      <PagedList
        count={messages.length}
        page={page}
        pages={pages}
        empty={<EmptyState message={to ? `No emails to ${to} yet.` : "No emails sent yet."} />}
      >
        <ul aria-label="Emails" className="grid gap-2">
          {messages.map((m) => (
            <li key={m.id}>
              <Link
                to={`/dev/mail/${m.id}`}
                className="grid gap-0.5 rounded-xl border border-border bg-white px-4 py-3 shadow-sm hover:bg-muted"
              >
                <span className="font-semibold">{m.subject}</span>
                <span className="break-all text-sm text-muted-foreground">
                  To {m.toAddress} · <LocalTime at={m.createdAt} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </PagedList>
    </main>
  );
}
