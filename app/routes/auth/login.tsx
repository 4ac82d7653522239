import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { Form, Link, data, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { useEffect } from "react";
import { toast } from "sonner";
import type { Route } from "./+types/login";
import { loginSchema } from "~/lib/schemas/auth";
import { homeFor } from "~/lib/roles";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { AuthCard, GoogleButton, safeRedirect } from "~/components/auth-card";
import { getEnv, userContext } from "~/server/context";
import { login } from "~/server/services/accounts.server";
import { sessionCookie } from "~/server/auth/session.server";
import { flashCookie } from "~/server/http/flash.server";
import { messageOf } from "~/server/http/form.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

export const meta: Route.MetaFunction = () => [{ title: "Login · Coinwork" }, { name: "description", content: "Sign in to Coinwork." }];

export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (user) throw redirect(homeFor(user.role));
  return null;
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
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(token));
    headers.append("Set-Cookie", flashCookie({ type: "success", title: "Login Successful!", message: "Welcome back" }));
    return redirect(safeRedirect(submission.value.redirectTo, homeFor(user.role)), { headers });
  } catch (e) {
    const message = messageOf(e, "Something went wrong");
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }), failure: { title: "Login Failed!", message } },
      { status: 401 },
    );
  }
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: loginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (actionData?.failure) toast.error(actionData.failure.title, { description: actionData.failure.message });
  }, [actionData]);
  return (
    <AuthCard title="Welcome back" subtitle="Log in to pick up tasks, review work or manage your coins.">
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {form.errors ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            <p className="font-semibold">Login Failed!</p>
            <p>{form.errors[0]}</p>
          </div>
        ) : null}
        <Field label="Email" htmlFor={fields.email.id} error={fields.email.errors}>
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder="you@example.com" />
        </Field>
        <Field label="Password" htmlFor={fields.password.id} error={fields.password.errors}>
          <Input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
        </Field>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Logging in…" : "Login"}
        </Button>
      </Form>
      <GoogleButton />
      <p className="text-center text-sm text-muted-foreground">
        New to Coinwork?{" "}
        <Link to="/register" className="font-semibold text-brand-700 hover:underline">
          Register
        </Link>
      </p>
    </AuthCard>
  );
}
