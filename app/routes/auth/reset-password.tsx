import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import type { Route } from "./+types/reset-password";
import { LINK_NOT_VALID, resetPasswordSchema } from "~/lib/schemas/auth";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { AuthCard } from "~/components/auth-card";
import { FormFailure, NewPasswordField, useFailureToast, usePosting, useValibotForm } from "~/components/form-kit";
import { getEnv } from "~/server/context";
import { formAction } from "~/server/http/page-action.server";
import { resetLinkUsable, resetPassword } from "~/server/services/passwords.server";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password · Coinwork" },
  { name: "robots", content: "noindex" },
];

/** The link's token, and whether it still works (the form is shown only then). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: token ? await resetLinkUsable(getEnv(context), token) : false };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: resetPasswordSchema,
    hideFields: ["password"],
    failure: (refused) => ({ title: "Password not changed", message: refused.message }),
    async run({ token, password }, { env }) {
      await resetPassword(env, token, password);
      return {
        title: "Password changed!",
        message: "Log in with your new password. You were signed out everywhere else.",
        to: "/login",
      };
    },
  });

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { token, usable } = loaderData;
  const outcome = useActionData<typeof action>();
  const busy = usePosting("/reset-password");
  const [form, fields] = useValibotForm(resetPasswordSchema, { lastResult: outcome?.result });
  useFailureToast(outcome);
  if (!usable) {
    return (
      <AuthCard title="Choose a new password" subtitle="Reset links work once, for 30 minutes.">
        <Alert tone="warning" title="Link not valid">
          {LINK_NOT_VALID} Ask for a new one: it only takes a moment.
        </Alert>
        <Link to="/forgot-password" className={buttonVariants({ size: "lg" })}>
          Send me a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle="You'll be signed out everywhere else once it is changed.">
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        {form.errors ? <FormFailure title="Password not changed" message={form.errors[0]} /> : null}
        <input type="hidden" name="token" value={token} />
        <NewPasswordField field={fields.password} label="New password" />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Saving…" : "Save my new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
