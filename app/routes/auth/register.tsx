import { getFormProps } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { Form, data, useActionData } from "react-router";
import type { Route } from "./+types/register";
import { registerSchema } from "~/lib/schemas/auth";
import { homeFor } from "~/lib/roles";
import { Button } from "~/components/ui/button";
import { AuthCard, AuthSwitch, GoogleButton } from "~/components/auth-card";
import {
  FormFailure,
  InputField,
  SelectField,
  useFailureToast,
  usePosting,
  useValibotForm,
} from "~/components/form-kit";
import { ImagePicker } from "~/components/image-picker";
import { getEnv } from "~/server/context";
import { register } from "~/server/services/accounts.server";
import { messageOf } from "~/server/http/form.server";
import { AppError } from "~/server/errors";
import { assertBodySize, storeOptionalImage } from "~/server/services/images.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";
import { enterWithSession, redirectSignedIn } from "./sign-in.server";

export const meta: Route.MetaFunction = () => [
  { title: "Register · Coinwork" },
  { name: "description", content: "Create a Coinwork account as a worker or a buyer." },
];

/** The roles one can register as, in the order of the select. */
const ROLES = ["Worker", "Buyer"] as const;

export function loader({ context }: Route.LoaderArgs) {
  return redirectSignedIn(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  let formData: FormData;
  try {
    assertBodySize(request);
    formData = await request.formData();
  } catch (e) {
    const message = messageOf(e, "Image upload failed");
    return data(
      { result: null, failure: { title: "Image upload failed", message }, imageError: message },
      { status: 413 },
    );
  }
  const submission = parseWithValibot(formData, { schema: registerSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password"] }), failure: null, imageError: null },
      { status: 422 },
    );
  }
  let photo: string | null;
  try {
    photo = await storeOptionalImage(env, formData.get("image"));
  } catch (e) {
    const message = messageOf(e, "Image upload failed");
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        failure: { title: "Image upload failed", message },
        imageError: message,
      },
      { status: 415 },
    );
  }
  try {
    await rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60);
    const { token, user } = await register(env, { ...submission.value, photo: photo ?? "" });
    return enterWithSession(homeFor(user.role), token, {
      type: "success",
      title: "Account Created!",
      message: "Registration Successful!",
    });
  } catch (e) {
    const message = messageOf(e, "Something went wrong");
    const fieldErrors = e instanceof AppError && e.fields ? e.fields : undefined;
    return data(
      {
        result: submission.reply({
          fieldErrors,
          formErrors: fieldErrors ? undefined : [message],
          hideFields: ["password"],
        }),
        failure: { title: "Registration Failed", message },
        imageError: null,
      },
      { status: e instanceof AppError ? e.status : 500 },
    );
  }
}

export default function Register() {
  const actionData = useActionData<typeof action>();
  const busy = usePosting("/register");
  const [form, fields] = useValibotForm(registerSchema, { lastResult: actionData?.result });
  useFailureToast(actionData);
  return (
    <AuthCard title="Create your account" subtitle="Workers start with 10 coins, buyers with 50.">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        {form.errors ? <FormFailure title="Registration Failed" message={form.errors[0]} /> : null}
        <InputField field={fields.name} label="Name" type="text" autoComplete="name" />
        <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
        <InputField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters, with a capital letter and one of !@#$%^&*"
        />
        <SelectField field={fields.role} label="Role" placeholder="Select a role" options={ROLES} />
        <ImagePicker label="Photo" round error={actionData?.imageError} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Creating account…" : "Register"}
        </Button>
      </Form>
      <GoogleButton />
      <AuthSwitch question="Already have an account?" to="/login" label="Login" />
    </AuthCard>
  );
}
