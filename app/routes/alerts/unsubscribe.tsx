import { data, Form, Link } from "react-router";
import * as v from "valibot";
import type { Route } from "./+types/unsubscribe";
import { AuthCard } from "~/components/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { usePosting } from "~/components/form-kit";
import { getEnv } from "~/server/context";
import { unsubscribe, unsubscribePreview } from "~/server/services/alerts.server";
import { alertToken } from "~/lib/schemas/alerts";
import { metaWords, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaWords(matches, "public")("unsubscribe.meta") },
  { name: "robots", content: "noindex" },
];

/** The token of the URL, or a 404 that names nothing: a wrong token never shows anyone's address. */
function tokenOf(params: Route.LoaderArgs["params"]): string {
  if (!v.is(alertToken, params.token)) throw data("Unsubscribe link not found", { status: 404 });
  return params.token;
}

/**
 * The unsubscribe link of the alert digests. Opening it changes nothing (mail scanners open links): it says whose
 * alert e-mails it stops, and its button does it. Works without signing in.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const preview = await unsubscribePreview(getEnv(context), tokenOf(params));
  if (!preview) throw data("Unsubscribe link not found", { status: 404 });
  return preview;
}

/**
 * POST: the page's button, or a mail client's one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`, no
 * cookie, no page). Either way the token alone decides; an unknown token is 404 and changes nothing.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const done = await unsubscribe(getEnv(context), tokenOf(params));
  if (!done) throw data("Unsubscribe link not found", { status: 404 });
  return { unsubscribed: done.email };
}

export default function Unsubscribe({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useWords("public");
  const busy = usePosting(`/alerts/unsubscribe/${params.token}`);
  if (actionData || !loaderData.emailsOn) {
    return (
      <AuthCard title={t("unsubscribe.doneTitle")} subtitle={t("unsubscribe.doneSubtitle")}>
        <Alert tone="success" title={t("unsubscribe.off")} data-testid="unsubscribed">
          {t("unsubscribe.offText", { email: loaderData.email })}
        </Alert>
        <Link to="/dashboard/alerts" className={buttonVariants({ variant: "outline", size: "lg" })}>
          {t("unsubscribe.toAlerts")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("unsubscribe.title")} subtitle={t("unsubscribe.subtitle")}>
      <Form method="post" className="grid gap-4">
        <p className="break-words leading-relaxed">{t("unsubscribe.text", { email: loaderData.email })}</p>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t("unsubscribe.busy") : t("unsubscribe.button")}
        </Button>
      </Form>
    </AuthCard>
  );
}
