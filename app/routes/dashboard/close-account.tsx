import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/close-account";
import { closeAccountSchema } from "~/lib/schemas/auth";
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";
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

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "dashboard")("close.meta") }];

const PATH = "/dashboard/settings/close";

/** What closing would do to this account: the page says it before asking to confirm. */
export async function loader({ context }: Route.LoaderArgs) {
  return { preview: await closingPreview(getEnv(context), signedInUser(context)) };
}

export const action = (args: Route.ActionArgs) => {
  const t = serverWords(signedInUser(args.context).language, "dashboard");
  return formAction(args, {
    user: signedInUser,
    schema: closeAccountSchema,
    hideFields: ["currentPassword"],
    failure: (refused) => ({ title: t("close.notClosed"), message: refused.message }),
    async run(input, { user, env }) {
      await closeAccount(env, user, input);
      return redirectWithFlash("/", { type: "success", title: t("close.closed"), message: t("close.closedText") }, [
        ["Set-Cookie", clearSessionCookie()],
      ]);
    },
  });
};

/** What happens to each thing the account holds, in the order a person would ask about them. */
function consequences(p: ClosingPreview, t: Words<"dashboard">, f: ReturnType<typeof useFormat>): string[] {
  const lines = [t("close.signedOut")];
  if (p.openTasks > 0) lines.push(t("close.openTasks", { count: p.openTasks, coins: f.coins(p.escrow) }));
  const balance = p.coins + p.escrow;
  if (balance > 0)
    lines.push(
      p.role === "Worker"
        ? t("close.balanceWorker", { coins: f.coins(balance), withdraw: p.canWithdrawFirst ? "yes" : "no" })
        : t("close.balanceBuyer", { coins: f.coins(balance) }),
    );
  if (p.pendingWithdrawals > 0)
    lines.push(t("close.withdrawals", { count: p.pendingWithdrawals, dollars: f.dollars(p.pendingWithdrawalCents) }));
  if (p.pendingSubmissions > 0) lines.push(t("close.submissions", { count: p.pendingSubmissions }));
  lines.push(t("close.kept"));
  return lines;
}

export default function CloseAccount({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const outcome = useActionData<typeof action>();
  const busy = usePosting(PATH);
  const [form, fields] = useValibotForm(closeAccountSchema, { lastResult: outcome?.result });
  useFailureToast(outcome);
  const failure = failureOf(outcome);
  const t = useWords("dashboard");
  const f = useFormat();
  return (
    <>
      <PageHeader title={t("settings.close.title")} description={t("close.description")} />
      <div className="grid max-w-2xl gap-6">
        <Card className="p-5 sm:p-6">
          <HeadedSection id="closing-what-happens" title={t("close.whatHappens")} className="grid gap-3">
            <ul className="grid list-disc gap-2 pl-5 text-sm leading-relaxed" data-testid="closing-consequences">
              {consequences(preview, t, f).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">
              {t("close.copyFirst")}{" "}
              <a href="/dashboard/settings/data" download className="font-semibold text-brand-700 hover:underline">
                {t("settings.data.download")}
              </a>
            </p>
          </HeadedSection>
        </Card>
        {preview.blocker ? (
          <Alert
            tone="warning"
            title={t("close.cannotYet")}
            action={
              <Link
                to={preview.pendingReviews > 0 ? "/dashboard/buyerhome" : "/dashboard/manageusers"}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                {preview.pendingReviews > 0 ? t("close.review") : t("close.manageUsers")}
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
                <CurrentPasswordField field={fields.currentPassword} hint={t("close.passwordHint")} />
              ) : (
                <InputField
                  field={fields.confirmEmail}
                  label={t("close.email")}
                  type="email"
                  autoComplete="off"
                  hint={t("close.emailHint")}
                />
              )}
              <div className="flex flex-wrap gap-3">
                <Button type="submit" variant="destructive" disabled={busy}>
                  {busy ? t("close.closing") : t("close.button")}
                </Button>
                <Link to="/dashboard/settings" className={buttonVariants({ variant: "outline" })}>
                  {t("close.keep")}
                </Link>
              </div>
            </Form>
          </Card>
        )}
      </div>
    </>
  );
}
