import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/register";
import { requestLanguage } from "~/server/http/language.server";
import { registerFormSchema } from "~/lib/schemas/auth";
import { Button } from "~/components/ui/button";
import { AuthCard, AuthSwitch, GoogleButton, withRedirect } from "~/components/auth-card";
import {
  CountryField,
  EmailField,
  FormFailure,
  InputField,
  NewPasswordField,
  SelectField,
  useFailureToast,
  usePosting,
  useValibotForm,
} from "~/components/form-kit";
import { ImagePicker } from "~/components/image-picker";
import { formAction } from "~/server/http/page-action.server";
import { afterSignIn } from "~/server/http/redirect.server";
import { appOrigin } from "~/server/environment.server";
import { register } from "~/server/services/accounts.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";
import { enterWithSession, redirectSignedIn } from "./sign-in.server";
import { loadWithPolicyFor, type CspHandle } from "~/lib/csp";
import { visitorCountry } from "~/lib/countries";
import { taskPagePath } from "~/lib/roles";
import { metaWords, useWords } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";

/** The page needs Google's sign-in as a form target (the Google button) in its Content-Security-Policy. */
export const handle: CspHandle = { csp: ["google"] };

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  loadWithPolicyFor("google", request, serverLoader);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaWords(matches, "auth");
  return [{ title: t("register.meta") }, { name: "description", content: t("register.description") }];
};

/** The roles one can register as, in the order of the select. */
const ROLES = ["Worker", "Buyer"] as const;

export function loader({ context, request }: Route.LoaderArgs) {
  redirectSignedIn(context);
  // the country the form suggests: the visitor's, as the edge tells it (none locally)
  return { country: visitorCountry(request.cf?.country) };
}

export const action = (args: Route.ActionArgs) => {
  // the page's language: the new account's too
  const language = requestLanguage(args.request, null);
  const t = serverWords(language, "auth");
  return formAction(args, {
    schema: registerFormSchema,
    hideFields: ["password"],
    upload: {
      failure: (refused) => ({ title: t("register.uploadFailed"), message: refused.message }),
      unexpected: t("register.uploadFailed"),
    },
    failure: (refused) => ({ title: t("register.failed"), message: refused.message }),
    before: ({ env, request }) => rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60),
    async run({ redirectTo, ...input }, { env, request, image }) {
      // a worker who signed up to do a task: the e-mailed link leads back to it too
      const task = input.role === "Worker" ? taskPagePath(redirectTo) : null;
      const signedIn = await register(env, { ...input, photo: image ?? "", language }, appOrigin(env, request), task);
      // back to the page that sent them here (a task they want to do), when their role may open it
      return enterWithSession(afterSignIn(redirectTo, request, signedIn.user.role), signedIn, {
        type: "success",
        title: t("register.created"),
        message: t("register.successful"),
      });
    },
  });
};

export default function Register({ loaderData }: Route.ComponentProps) {
  const t = useWords("auth");
  const outcome = useActionData<typeof action>();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  // "Sign up to do this" on a task's public page: a worker's account, and the task once the address is confirmed
  const forTask = taskPagePath(redirectTo) !== null;
  const busy = usePosting("/register");
  const [form, fields] = useValibotForm(registerFormSchema, {
    lastResult: outcome?.result,
    defaultValue: { country: loaderData.country ?? undefined },
  });
  useFailureToast(outcome);
  return (
    <AuthCard title={t("register.title")} subtitle={t("register.subtitle")}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {form.errors ? <FormFailure title={t("register.failed")} message={form.errors[0]} /> : null}
        <InputField field={fields.name} label={t("register.name")} type="text" autoComplete="name" />
        <EmailField field={fields.email} />
        <NewPasswordField field={fields.password} label={t("password")} />
        {forTask ? (
          <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm" data-testid="worker-sign-up">
            <input type="hidden" name="role" value="Worker" />
            {t.rich("register.asWorker", { b: (chunks) => <strong>{chunks}</strong> })}{" "}
            <Link to="/register" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              {t("register.asBuyer")}
            </Link>
          </p>
        ) : (
          <SelectField
            field={fields.role}
            label={t("register.role")}
            placeholder={t("register.rolePlaceholder")}
            options={ROLES}
            optionLabel={(role) => t(`register.role.${role as (typeof ROLES)[number]}`)}
          />
        )}
        <CountryField field={fields.country} label={t("register.country")} hint={t("register.countryHint")} />
        <ImagePicker label={t("register.photo")} round error={outcome?.fields?.image?.[0]} />
        <p className="text-sm text-muted-foreground">
          {t.rich("register.terms", {
            link: (chunks) => (
              <Link
                to="/terms"
                target="_blank"
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {chunks}
              </Link>
            ),
          })}
        </p>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t("register.busy") : t("register.submit")}
        </Button>
      </Form>
      <GoogleButton redirectTo={redirectTo} />
      <AuthSwitch question={t("register.haveAccount")} to={withRedirect("/login", redirectTo)} label={t("toLogin")} />
    </AuthCard>
  );
}
