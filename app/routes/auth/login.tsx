import { getFormProps } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { Form, data, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { loginSchema } from "~/lib/schemas/auth";
import { homeFor } from "~/lib/roles";
import { Button } from "~/components/ui/button";
import { AuthCard, AuthSwitch, GoogleButton, safeRedirect } from "~/components/auth-card";
import { FormFailure, InputField, useFailureToast, usePosting, useValibotForm } from "~/components/form-kit";
import { getEnv } from "~/server/context";
import { login } from "~/server/services/accounts.server";
import { messageOf } from "~/server/http/form.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";
import { LOGIN_SUCCESSFUL, enterWithSession, redirectSignedIn } from "./sign-in.server";

export const meta: Route.MetaFunction = () => [
  { title: "Login · Coinwork" },
  { name: "description", content: "Sign in to Coinwork." },
];

export function loader({ context }: Route.LoaderArgs) {
  return redirectSignedIn(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  const formData = await request.formData();
  const submission = parseWithValibot(formData, { schema: loginSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), failure: null }, { status: 422 });
  try {
    await rateLimit(env, `login:ip:${clientAddress(request)}`, 30, 60);
    await rateLimit(env, `login:email:${submission.value.email}`, 10, 60);
    const { token, user } = await login(env, submission.value.email, submission.value.password);
    return enterWithSession(safeRedirect(submission.value.redirectTo, homeFor(user.role)), token, LOGIN_SUCCESSFUL);
  } catch (e) {
    const message = messageOf(e, "Something went wrong");
    return data(
      {
        result: submission.reply({ formErrors: [message], hideFields: ["password"] }),
        failure: { title: "Login Failed!", message },
      },
      { status: 401 },
    );
  }
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = usePosting("/login");
  const [form, fields] = useValibotForm(loginSchema, { lastResult: actionData?.result });
  useFailureToast(actionData);
  return (
    <AuthCard title="Welcome back" subtitle="Log in to pick up tasks, review work or manage your coins.">
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {form.errors ? <FormFailure title="Login Failed!" message={form.errors[0]} /> : null}
        <InputField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        <InputField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Logging in…" : "Login"}
        </Button>
      </Form>
      <GoogleButton />
      <AuthSwitch question="New to Coinwork?" to="/register" label="Register" />
    </AuthCard>
  );
}
