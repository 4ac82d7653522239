import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/close-account";
import { closeAccountSchema } from "~/lib/schemas/auth";

import { formatCount, formatDollars } from "~/lib/format";
import { PageHeader } from "~/components/dashboard-shell";
import { Card } from "~/components/ui/card";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  CurrentPasswordField,
  failureOf,
  FormFailure,
  InputField,
  useFailureToast,
  usePosting,
  useValibotForm,
} from "~/components/form-kit";
import { getEnv } from "~/server/context";
import { signedInUser } from "~/server/auth/guards.server";
import { clearSessionCookie } from "~/server/auth/session.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formAction } from "~/server/http/page-action.server";
import { closeAccount, closingPreview, type ClosingPreview } from "~/server/services/own-account.server";
import { HeadedSection } from "~/components/headed-section";

export const meta: Route.MetaFunction = () => [{ title: "Close your account · Coinwork" }];

const PATH = "/dashboard/settings/close";

/** What closing would do to this account: the page says it before asking to confirm. */
export async function loader({ context }: Route.LoaderArgs) {
  return { preview: await closingPreview(getEnv(context), signedInUser(context)) };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    user: signedInUser,
    schema: closeAccountSchema,
    hideFields: ["currentPassword"],
    failure: (refused) => ({ title: "Account not closed", message: refused.message }),
    async run(input, { user, env }) {
      await closeAccount(env, user, input);
      return redirectWithFlash(
        "/",
        { type: "success", title: "Account closed", message: "Your account is closed. Thank you for using Coinwork." },
        [["Set-Cookie", clearSessionCookie()]],
      );
    },
  });

const coins = (n: number) => `${formatCount(n)} coin${n === 1 ? "" : "s"}`;

/** What happens to each thing the account holds, in the order a person would ask about them. */
function consequences(p: ClosingPreview): string[] {
  const lines = [
    "You are signed out everywhere and can't sign in again. Your name, email address and photo are removed.",
  ];
  if (p.openTasks > 0)
    lines.push(
      `Your ${formatCount(p.openTasks)} open task${p.openTasks === 1 ? " is" : "s are"} closed, and the ${coins(p.escrow)} held for ${p.openTasks === 1 ? "it come" : "them come"} back to your balance.`,
    );
  const balance = p.coins + p.escrow;
  if (balance > 0)
    lines.push(
      p.role === "Worker"
        ? `Your balance of ${coins(balance)} is lost: it can't be paid out after closing.${p.canWithdrawFirst ? " Withdraw it first if you want the money." : ""}`
        : `Your balance of ${coins(balance)} is lost: coins can't be refunded or moved to another account.`,
    );
  if (p.pendingWithdrawals > 0)
    lines.push(
      `Your ${formatCount(p.pendingWithdrawals)} pending withdrawal${p.pendingWithdrawals === 1 ? "" : "s"} (${formatDollars(p.pendingWithdrawalCents)}) stay${p.pendingWithdrawals === 1 ? "s" : ""} with the admins, who pay ${p.pendingWithdrawals === 1 ? "it" : "them"} to the account you gave or return the coins to your closed balance.`,
    );
  if (p.pendingSubmissions > 0)
    lines.push(
      `Your ${formatCount(p.pendingSubmissions)} submission${p.pendingSubmissions === 1 ? "" : "s"} waiting for review stay with the buyers; pay for ${p.pendingSubmissions === 1 ? "it" : "them"} goes to your closed balance and is lost.`,
    );
  lines.push("Your coin history, payments and withdrawals are kept, without your name, because the books must add up.");
  return lines;
}

export default function CloseAccount({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const outcome = useActionData<typeof action>();
  const busy = usePosting(PATH);
  const [form, fields] = useValibotForm(closeAccountSchema, { lastResult: outcome?.result });
  useFailureToast(outcome);
  const failure = failureOf(outcome);
  return (
    <>
      <PageHeader title="Close your account" description="Read what happens first: closing can't be undone." />
      <div className="grid max-w-2xl gap-6">
        <Card className="p-5 sm:p-6">
          <HeadedSection id="closing-what-happens" title="What happens when you close it" className="grid gap-3">
            <ul className="grid list-disc gap-2 pl-5 text-sm leading-relaxed" data-testid="closing-consequences">
              {consequences(preview).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">
              Want a copy of your data first?{" "}
              <a href="/dashboard/settings/data" download className="font-semibold text-brand-700 hover:underline">
                Download your data
              </a>
            </p>
          </HeadedSection>
        </Card>
        {preview.blocker ? (
          <Alert
            tone="warning"
            title="You can't close your account yet"
            action={
              <Link
                to={preview.pendingReviews > 0 ? "/dashboard/buyerhome" : "/dashboard/manageusers"}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                {preview.pendingReviews > 0 ? "Review submissions" : "Manage users"}
              </Link>
            }
          >
            {preview.blocker}
          </Alert>
        ) : (
          <Card className="border-red-200 p-5 sm:p-6">
            <Form method="post" {...getFormProps(form)} className="grid gap-4">
              {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
              {preview.hasPassword ? (
                <CurrentPasswordField field={fields.currentPassword} hint="To be sure it's you." />
              ) : (
                <InputField
                  field={fields.confirmEmail}
                  label="Your email address"
                  type="email"
                  autoComplete="off"
                  hint="Type it to confirm."
                />
              )}
              <div className="flex flex-wrap gap-3">
                <Button type="submit" variant="destructive" disabled={busy}>
                  {busy ? "Closing…" : "Close my account"}
                </Button>
                <Link to="/dashboard/settings" className={buttonVariants({ variant: "outline" })}>
                  Keep my account
                </Link>
              </div>
            </Form>
          </Card>
        )}
      </div>
    </>
  );
}
