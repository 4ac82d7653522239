import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { loginSchema } from "~/lib/schemas/auth";
import { Button } from "~/components/ui/button";
import { AuthCard, AuthSwitch, GoogleButton, withRedirect } from "~/components/auth-card";
import {
  CurrentPasswordField,
  EmailField,
  FormFailure,
  useFailureToast,
  usePosting,
  useValibotForm,
} from "~/components/form-kit";
import { formAction } from "~/server/http/page-action.server";
import { afterSignIn } from "~/server/http/redirect.server";
import { login, signInClient } from "~/server/services/accounts.server";
import { rateLimitLoginAttempts } from "~/server/services/login-throttle.server";
import { enterWithSession, loginSuccessful, redirectSignedIn } from "./sign-in.server";
import { loadWithPolicyFor, type CspHandle } from "~/lib/csp";
import { metaWords, useWords } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";
import { requestLanguage } from "~/server/http/language.server";

/** The page needs Google's sign-in as a form target (the Google button) in its Content-Security-Policy. */
export const handle: CspHandle = { csp: ["google"] };

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  loadWithPolicyFor("google", request, serverLoader);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaWords(matches, "auth");
  return [{ title: t("login.meta") }, { name: "description", content: t("login.description") }];
};

export function loader({ context }: Route.LoaderArgs) {
  return redirectSignedIn(context);
}

export const action = (args: Route.ActionArgs) => {
  const t = serverWords(requestLanguage(args.request, null), "auth");
  return formAction(args, {
    schema: loginSchema,
    hideFields: ["password"],
    failure: (refused) => ({ title: t("loginFailed"), message: refused.message }),
    before: ({ env, request }) => rateLimitLoginAttempts(env, request),
    async run({ email, password, redirectTo }, { env, request }) {
      const signedIn = await login(env, email, password, await signInClient(env, request));
      // the account's own language from here on
      const flash = loginSuccessful(signedIn.user.language);
      return enterWithSession(afterSignIn(redirectTo, request, signedIn.user.role), signedIn, flash);
    },
  });
};

export default function Login() {
  const t = useWords("auth");
  const outcome = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = usePosting("/login");
  const [form, fields] = useValibotForm(loginSchema, { lastResult: outcome?.result });
  useFailureToast(outcome);
  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        {form.errors ? <FormFailure title={t("loginFailed")} message={form.errors[0]} /> : null}
        <EmailField field={fields.email} />
        <div className="grid gap-1.5">
          <CurrentPasswordField field={fields.password} label={t("password")} />
          <Link to="/forgot-password" className="justify-self-end text-sm font-medium text-brand-700 hover:underline">
            {t("login.forgot")}
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t("login.busy") : t("login.submit")}
        </Button>
      </Form>
      <GoogleButton redirectTo={params.get("redirectTo") ?? ""} />
      <AuthSwitch
        question={t("login.new")}
        to={withRedirect("/register", params.get("redirectTo") ?? "")}
        label={t("login.toRegister")}
      />
    </AuthCard>
  );
}
