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

/** The page needs Google's sign-in as a form target (the Google button) in its Content-Security-Policy. */
export const handle: CspHandle = { csp: ["google"] };

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  loadWithPolicyFor("google", request, serverLoader);

export const meta: Route.MetaFunction = () => [
  { title: "Register · Coinwork" },
  { name: "description", content: "Create a Coinwork account as a worker or a buyer." },
];

/** The roles one can register as, in the order of the select. */
const ROLES = ["Worker", "Buyer"] as const;

export function loader({ context, request }: Route.LoaderArgs) {
  redirectSignedIn(context);
  // the country the form suggests: the visitor's, as the edge tells it (none locally)
  return { country: visitorCountry(request.cf?.country) };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: registerFormSchema,
    hideFields: ["password"],
    upload: {
      failure: (refused) => ({ title: "Image upload failed", message: refused.message }),
      unexpected: "Image upload failed",
    },
    failure: (refused) => ({ title: "Registration Failed", message: refused.message }),
    before: ({ env, request }) => rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60),
    async run({ redirectTo, ...input }, { env, request, image }) {
      // a worker who signed up to do a task: the e-mailed link leads back to it too
      const task = input.role === "Worker" ? taskPagePath(redirectTo) : null;
      const signedIn = await register(
        env,
        { ...input, photo: image ?? "", language: requestLanguage(request, null) },
        appOrigin(env, request),
        task,
      );
      // back to the page that sent them here (a task they want to do), when their role may open it
      return enterWithSession(afterSignIn(redirectTo, request, signedIn.user.role), signedIn, {
        type: "success",
        title: "Account Created!",
        message: "Registration Successful!",
      });
    },
  });

export default function Register({ loaderData }: Route.ComponentProps) {
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
    <AuthCard title="Create your account" subtitle="Workers start with 10 coins, buyers with 50.">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {form.errors ? <FormFailure title="Registration Failed" message={form.errors[0]} /> : null}
        <InputField field={fields.name} label="Name" type="text" autoComplete="name" />
        <EmailField field={fields.email} />
        <NewPasswordField field={fields.password} label="Password" />
        {forTask ? (
          <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm" data-testid="worker-sign-up">
            <input type="hidden" name="role" value="Worker" />
            You are signing up as a <strong>Worker</strong>. Confirm your email address and you come back to the task.{" "}
            <Link to="/register" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              Here to post tasks? Register as a buyer
            </Link>
          </p>
        ) : (
          <SelectField field={fields.role} label="Role" placeholder="Select a role" options={ROLES} />
        )}
        <CountryField
          field={fields.country}
          label="Country"
          hint="Some tasks are for workers in some countries only. You can change it in Settings."
        />
        <ImagePicker label="Photo (optional)" round error={outcome?.fields?.image?.[0]} />
        <p className="text-sm text-muted-foreground">
          By registering you agree to the{" "}
          <Link to="/terms" target="_blank" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Terms
          </Link>
          .
        </p>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Creating account…" : "Register"}
        </Button>
      </Form>
      <GoogleButton redirectTo={redirectTo} />
      <AuthSwitch question="Already have an account?" to={withRedirect("/login", redirectTo)} label="Login" />
    </AuthCard>
  );
}
