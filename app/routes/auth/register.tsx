import { getFormProps } from "@conform-to/react";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/register";
import { registerSchema } from "~/lib/schemas/auth";
import { homeFor } from "~/lib/roles";
import { Button } from "~/components/ui/button";
import { AuthCard, AuthSwitch, GoogleButton } from "~/components/auth-card";
import {
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
import { appOrigin } from "~/server/environment.server";
import { register } from "~/server/services/accounts.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";
import { enterWithSession, redirectSignedIn } from "./sign-in.server";
import { loadWithPolicyFor, type CspHandle } from "~/lib/csp";

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

export function loader({ context }: Route.LoaderArgs) {
  return redirectSignedIn(context);
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: registerSchema,
    hideFields: ["password"],
    upload: {
      failure: (refused) => ({ title: "Image upload failed", message: refused.message }),
      unexpected: "Image upload failed",
    },
    failure: (refused) => ({ title: "Registration Failed", message: refused.message }),
    before: ({ env, request }) => rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60),
    async run(input, { env, request, image }) {
      const signedIn = await register(env, { ...input, photo: image ?? "" }, appOrigin(env, request));
      return enterWithSession(homeFor(signedIn.user.role), signedIn, {
        type: "success",
        title: "Account Created!",
        message: "Registration Successful!",
      });
    },
  });

export default function Register() {
  const outcome = useActionData<typeof action>();
  const busy = usePosting("/register");
  const [form, fields] = useValibotForm(registerSchema, { lastResult: outcome?.result });
  useFailureToast(outcome);
  return (
    <AuthCard title="Create your account" subtitle="Workers start with 10 coins, buyers with 50.">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        {form.errors ? <FormFailure title="Registration Failed" message={form.errors[0]} /> : null}
        <InputField field={fields.name} label="Name" type="text" autoComplete="name" />
        <EmailField field={fields.email} />
        <NewPasswordField field={fields.password} label="Password" />
        <SelectField field={fields.role} label="Role" placeholder="Select a role" options={ROLES} />
        <ImagePicker label="Photo" round error={outcome?.fields?.image?.[0]} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Creating account…" : "Register"}
        </Button>
      </Form>
      <GoogleButton />
      <AuthSwitch question="Already have an account?" to="/login" label="Login" />
    </AuthCard>
  );
}
