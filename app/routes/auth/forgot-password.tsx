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

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password · Coinwork" },
  { name: "description", content: "Get a link to choose a new Coinwork password." },
];

const PATH = "/forgot-password";

// Every address gets the same answer; the e-mail (if the address has an account) goes out after it.
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: forgotPasswordSchema,
    failure: (refused) => ({ title: "Link not sent", message: refused.message }),
    before: ({ env, request }) => rateLimit(env, `forgot-password:ip:${clientAddress(request)}`, 10, 60),
    async run({ email }, { env, request }) {
      const { ctx } = args.context.get(cloudflareContext);
      await forgotPassword(env, email, appOrigin(env, request), (work) => ctx.waitUntil(work));
      return { title: "Check your inbox", message: resetLinkSent(email), to: PATH };
    },
  });

export default function ForgotPassword() {
  const outcome = useActionData<typeof action>();
  const busy = usePosting(PATH);
  const [form, fields] = useValibotForm(forgotPasswordSchema, { lastResult: outcome?.result });
  useFailureToast(outcome);
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Tell us your email address and we'll send you a link to choose a new one."
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        {form.errors ? <FormFailure title="Link not sent" message={form.errors[0]} /> : null}
        <EmailField field={fields.email} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending…" : "Send me a link"}
        </Button>
      </Form>
      <AuthSwitch question="Remembered it?" to="/login" label="Login" />
    </AuthCard>
  );
}
