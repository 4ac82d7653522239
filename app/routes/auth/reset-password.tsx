import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/reset-password";
import { resetPasswordSchema } from "~/lib/schemas/auth";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { AuthCard } from "~/components/auth-card";
import { FormFailure, NewPasswordField, useFailureToast, usePosting, useValibotForm } from "~/components/form-kit";
import { getEnv } from "~/server/context";
import { formAction } from "~/server/http/page-action.server";
import { resetLinkUsable, resetPassword } from "~/server/services/passwords.server";
import { metaWords, useWords } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";
import { requestLanguage } from "~/server/http/language.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaWords(matches, "auth")("reset.meta") },
  { name: "robots", content: "noindex" },
];

/** The link's token, and whether it still works (the form is shown only then). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: token ? await resetLinkUsable(getEnv(context), token) : false };
}

export const action = (args: Route.ActionArgs) => {
  const t = serverWords(requestLanguage(args.request, null), "auth");
  return formAction(args, {
    schema: resetPasswordSchema,
    hideFields: ["password"],
    failure: (refused) => ({ title: t("reset.notChanged"), message: refused.message }),
    async run({ token, password }, { env }) {
      await resetPassword(env, token, password);
      return { title: t("reset.changed"), message: t("reset.changedMessage"), to: "/login" };
    },
  });
};

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { token, usable } = loaderData;
  const t = useWords("auth");
  const outcome = useActionData<typeof action>();
  const busy = usePosting("/reset-password");
  const [form, fields] = useValibotForm(resetPasswordSchema, { lastResult: outcome?.result });
  useFailureToast(outcome);
  if (!usable) {
    return (
      <AuthCard title={t("reset.title")} subtitle={t("reset.linkRule")}>
        <Alert tone="warning" title={t("linkNotValid")}>
          {t("reset.linkNotValid")}
        </Alert>
        <Link to="/forgot-password" className={buttonVariants({ size: "lg" })}>
          {t("reset.newLink")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        {form.errors ? <FormFailure title={t("reset.notChanged")} message={form.errors[0]} /> : null}
        <input type="hidden" name="token" value={token} />
        <NewPasswordField field={fields.password} label={t("reset.newPassword")} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t("reset.busy") : t("reset.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
