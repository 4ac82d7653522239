import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/verify-email";
import { confirmLinkSchema, LINK_NOT_VALID } from "~/lib/schemas/auth";
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

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your email address · Coinwork" },
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
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: confirmLinkSchema,
    failure: (refused) => ({ title: "Link not valid", message: refused.message }),
    async run({ token }, { env, request }) {
      const signedIn = args.context.get(userContext);
      const done = await confirmEmailLink(env, token, appOrigin(env, request), signedIn?.id);
      const next = done.purpose === "verify" ? taskPagePath(new URL(request.url).searchParams.get("next")) : null;
      const to = afterConfirming(next, signedIn, done.user);
      const headers = done.token ? [["Set-Cookie", sessionCookie(done.token)] as [string, string]] : [];
      return redirectWithFlash(
        to,
        {
          type: "success",
          ...(done.purpose === "verify"
            ? { title: "Email verified!", message: `Thank you: ${done.email} is confirmed.` }
            : done.purpose === "change_approval"
              ? {
                  title: "Change approved",
                  message: `Now open the link we sent to ${done.email} to finish the change.`,
                }
              : { title: "Email address changed", message: `Your account now uses ${done.email}.` }),
        },
        headers,
      );
    },
  });

/** What the page says of each kind of link: its title, what the button does, and the button. */
function wordsFor(link: LinkPreview) {
  switch (link.purpose) {
    case "verify":
      return {
        title: "Confirm your email address",
        text: `Confirm that ${link.email} is your email address: then you can post tasks, submit work, buy coins and withdraw.`,
        button: "Confirm my email address",
      };
    case "change_approval":
      return {
        title: "Approve the change of your email address",
        text: `Your account will move to ${link.email} once you approve here and then confirm the link we send to that address.`,
        button: "Approve the change",
      };
    case "change":
      return {
        title: "Confirm your new email address",
        text: `Your account will use ${link.email} from now on. Every device signed in to it will be signed out.`,
        button: "Confirm my new email address",
      };
  }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { token, next, link } = loaderData;
  const outcome = useActionData<typeof action>();
  const busy = usePosting(PATH);
  useFailureToast(outcome, true);
  const failure = failureOf(outcome, true);
  if (!link) {
    return (
      <AuthCard title="Confirm your email address" subtitle="Links work once, for 24 hours.">
        {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
        <Alert tone="warning" title="Link not valid">
          {LINK_NOT_VALID} Sign in to ask for a new one from your dashboard or your settings.
        </Alert>
        <Link to="/login" className={buttonVariants({ size: "lg" })}>
          Go to login
        </Link>
      </AuthCard>
    );
  }
  const words = wordsFor(link);
  return (
    <AuthCard title={words.title} subtitle="One more step: nothing changes until you press the button.">
      <Form
        method="post"
        action={`${PATH}?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ""}`}
        className="grid gap-4"
      >
        {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
        <p className="break-words leading-relaxed" data-testid="link-purpose">
          {words.text}
          {next ? " Then we take you to the task you signed up to do." : null}
        </p>
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Confirming…" : words.button}
        </Button>
      </Form>
    </AuthCard>
  );
}
