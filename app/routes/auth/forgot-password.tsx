import { getFormProps } from "@conform-to/react";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/forgot-password";
import { forgotPasswordSchema } from "~/lib/schemas/auth";
import { Button } from "~/components/ui/button";
import { AuthCard, AuthSwitch } from "~/components/auth-card";
import { EmailField, FormFailure, useFailureToast, usePosting, useValibotForm } from "~/components/form-kit";
import { cloudflareContext } from "~/server/context";
import { appOrigin } from "~/server/environment.server";
import { formAction } from "~/server/http/page-action.server";
import { forgotPassword, resetLinkSent } from "~/server/services/passwords.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";
import { metaWords, useWords } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";
import { requestLanguage } from "~/server/http/language.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaWords(matches, "auth");
  return [{ title: t("forgot.meta") }, { name: "description", content: t("forgot.description") }];
};

const PATH = "/forgot-password";

// Every address gets the same answer; the e-mail (if the address has an account) goes out after it.
export const action = (args: Route.ActionArgs) => {
  const t = serverWords(requestLanguage(args.request, null), "auth");
  return formAction(args, {
    schema: forgotPasswordSchema,
    failure: (refused) => ({ title: t("forgot.notSent"), message: refused.message }),
    before: ({ env, request }) => rateLimit(env, `forgot-password:ip:${clientAddress(request)}`, 10, 60),
    async run({ email }, { env, request }) {
      const { ctx } = args.context.get(cloudflareContext);
      await forgotPassword(env, email, appOrigin(env, request), (work) => ctx.waitUntil(work));
      return { title: t("forgot.checkInbox"), message: resetLinkSent(email), to: PATH };
    },
  });
};

export default function ForgotPassword() {
  const t = useWords("auth");
  const outcome = useActionData<typeof action>();
  const busy = usePosting(PATH);
  const [form, fields] = useValibotForm(forgotPasswordSchema, { lastResult: outcome?.result });
  useFailureToast(outcome);
  return (
    <AuthCard title={t("forgot.title")} subtitle={t("forgot.subtitle")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        {form.errors ? <FormFailure title={t("forgot.notSent")} message={form.errors[0]} /> : null}
        <EmailField field={fields.email} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t("forgot.busy") : t("forgot.submit")}
        </Button>
      </Form>
      <AuthSwitch question={t("forgot.remembered")} to="/login" label={t("toLogin")} />
    </AuthCard>
  );
}
