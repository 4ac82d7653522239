import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/verify-email";
import { confirmLinkSchema } from "~/lib/schemas/auth";
import { homeFor, mayOpen, taskPagePath } from "~/lib/roles";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { AuthCard } from "~/components/auth-card";
import { failureOf, FormFailure, useFailureToast, usePosting } from "~/components/form-kit";
import { getEnv, userContext } from "~/server/context";
import { sessionCookie, type SessionUser } from "~/server/auth/session.server";
import { appOrigin } from "~/server/environment.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formAction } from "~/server/http/page-action.server";
import { confirmEmailLink, previewEmailLink, type LinkPreview } from "~/server/services/accounts.server";
import { requestLanguage } from "~/server/http/language.server";
import { metaWords, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaWords(matches, "auth")("verify.meta") },
  { name: "robots", content: "noindex" },
];

const PATH = "/verify-email";

/**
 * The page a verification, approval or address-change link opens. Opening it changes nothing (mail scanners open
 * links): it says what the link confirms, and its button does it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const token = search.get("token") ?? "";
  return {
    token,
    next: taskPagePath(search.get("next")),
    link: token ? await previewEmailLink(getEnv(context), token) : null,
  };
}

/**
 * Where the button leads: a verification link of a worker who signed up to do a task names its page (`?next=`,
 * only ever a task page: taskPagePath), where the account, once confirmed and signed in here, goes (through login
 * when this browser is not signed in); otherwise the dashboard's home, or the login page.
 */
function afterConfirming(next: string | null, signedIn: SessionUser | null, confirmed: SessionUser): string {
  // the confirmation may have made them an admin (ADMIN_EMAILS): the role is the confirmed one
  if (signedIn?.id === confirmed.id) return next && mayOpen(confirmed.role, next) ? next : homeFor(confirmed.role);
  if (signedIn) return homeFor(signedIn.role);
  return next && mayOpen(confirmed.role, next) ? `/login?redirectTo=${encodeURIComponent(next)}` : "/login";
}

/**
 * The button: the link's change, then on to the dashboard's home (or the login page for someone not signed in here),
 * where a flash says what happened. A confirmed address change ends every session; this browser, when it is signed
 * in to the account, gets a new one.
 */
export const action = (args: Route.ActionArgs) => {
  const signedIn = args.context.get(userContext);
  const t = serverWords(requestLanguage(args.request, signedIn), "auth");
  return formAction(args, {
    schema: confirmLinkSchema,
    failure: (refused) => ({ title: t("linkNotValid"), message: refused.message }),
    async run({ token }, { env, request }) {
      const done = await confirmEmailLink(env, token, appOrigin(env, request), signedIn?.id);
      const next = done.purpose === "verify" ? taskPagePath(new URL(request.url).searchParams.get("next")) : null;
      const to = afterConfirming(next, signedIn, done.user);
      const headers = done.token ? [["Set-Cookie", sessionCookie(done.token)] as [string, string]] : [];
      return redirectWithFlash(
        to,
        {
          type: "success",
          ...(done.purpose === "verify"
            ? { title: t("verify.verified"), message: t("verify.verifiedMessage", { email: done.email }) }
            : done.purpose === "change_approval"
              ? { title: t("verify.approved"), message: t("verify.approvedMessage", { email: done.email }) }
              : { title: t("verify.changed"), message: t("verify.changedMessage", { email: done.email }) }),
        },
        headers,
      );
    },
  });
};

/** What the page says of each kind of link: its title, what the button does, and the button. */
function wordsFor(link: LinkPreview, t: Words<"auth">) {
  const kind = ({ verify: "verify", change_approval: "approval", change: "change" } as const)[link.purpose];
  return {
    title: t(`verify.${kind}.title`),
    text: t(`verify.${kind}.text`, { email: link.email }),
    button: t(`verify.${kind}.button`),
  };
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { token, next, link } = loaderData;
  const t = useWords("auth");
  const outcome = useActionData<typeof action>();
  const busy = usePosting(PATH);
  useFailureToast(outcome, true);
  const failure = failureOf(outcome, true);
  if (!link) {
    return (
      <AuthCard title={t("verify.verify.title")} subtitle={t("verify.linkRule")}>
        {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
        <Alert tone="warning" title={t("linkNotValid")}>
          {t("verify.linkNotValid")}
        </Alert>
        <Link to="/login" className={buttonVariants({ size: "lg" })}>
          {t("verify.toLogin")}
        </Link>
      </AuthCard>
    );
  }
  const words = wordsFor(link, t);
  return (
    <AuthCard title={words.title} subtitle={t("verify.subtitle")}>
      <Form
        method="post"
        action={`${PATH}?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ""}`}
        className="grid gap-4"
      >
        {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
        <p className="break-words leading-relaxed" data-testid="link-purpose">
          {words.text}
          {next ? ` ${t("verify.thenTask")}` : null}
        </p>
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t("verify.busy") : words.button}
        </Button>
      </Form>
    </AuthCard>
  );
}
