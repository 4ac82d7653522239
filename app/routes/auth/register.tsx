import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { Form, Link, data, redirect, useActionData, useNavigation } from "react-router";
import { useEffect } from "react";
import { toast } from "sonner";
import type { Route } from "./+types/register";
import { registerSchema } from "~/lib/schemas/auth";
import { homeFor } from "~/lib/roles";
import { Button } from "~/components/ui/button";
import { Field, Input, NativeSelect } from "~/components/ui/input";
import { AuthCard, GoogleButton } from "~/components/auth-card";
import { ImagePicker } from "~/components/image-picker";
import { getEnv, userContext } from "~/server/context";
import { register } from "~/server/services/accounts.server";
import { sessionCookie } from "~/server/auth/session.server";
import { flashCookie } from "~/server/http/flash.server";
import { messageOf } from "~/server/http/form.server";
import { AppError } from "~/server/errors";
import { assertBodySize, storeOptionalImage } from "~/server/services/images.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

export const meta: Route.MetaFunction = () => [
  { title: "Register · Coinwork" },
  { name: "description", content: "Create a Coinwork account as a worker or a buyer." },
];

export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (user) throw redirect(homeFor(user.role));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  let formData: FormData;
  try {
    assertBodySize(request);
    formData = await request.formData();
  } catch (e) {
    const message = messageOf(e, "Image upload failed");
    return data({ result: null, failure: { title: "Image upload failed", message }, imageError: message }, { status: 413 });
  }
  const submission = parseWithValibot(formData, { schema: registerSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), failure: null, imageError: null }, { status: 422 });
  }
  let photo: string | null = null;
  try {
    photo = await storeOptionalImage(env, formData.get("image"));
  } catch (e) {
    const message = messageOf(e, "Image upload failed");
    return data(
      { result: submission.reply({ hideFields: ["password"] }), failure: { title: "Image upload failed", message }, imageError: message },
      { status: 415 },
    );
  }
  try {
    await rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60);
    const { token, user } = await register(env, { ...submission.value, photo: photo ?? "" });
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(token));
    headers.append("Set-Cookie", flashCookie({ type: "success", title: "Account Created!", message: "Registration Successful!" }));
    return redirect(homeFor(user.role), { headers });
  } catch (e) {
    const message = messageOf(e, "Something went wrong");
    const fieldErrors = e instanceof AppError && e.fields ? e.fields : undefined;
    return data(
      {
        result: submission.reply({ fieldErrors, formErrors: fieldErrors ? undefined : [message], hideFields: ["password"] }),
        failure: { title: "Registration Failed", message },
        imageError: null,
      },
      { status: e instanceof AppError ? e.status : 500 },
    );
  }
}

export default function Register() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/register") === true;
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: registerSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (actionData?.failure) toast.error(actionData.failure.title, { description: actionData.failure.message });
  }, [actionData]);
  return (
    <AuthCard title="Create your account" subtitle="Workers start with 10 coins, buyers with 50.">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        {form.errors ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            <p className="font-semibold">Registration Failed</p>
            <p>{form.errors[0]}</p>
          </div>
        ) : null}
        <Field label="Name" htmlFor={fields.name.id} error={fields.name.errors}>
          <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
        </Field>
        <Field label="Email" htmlFor={fields.email.id} error={fields.email.errors}>
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <Field
          label="Password"
          htmlFor={fields.password.id}
          error={fields.password.errors}
          hint="At least 6 characters, with a capital letter and one of !@#$%^&*"
        >
          <Input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" />
        </Field>
        <Field label="Role" htmlFor={fields.role.id} error={fields.role.errors}>
          <NativeSelect {...getSelectProps(fields.role)} defaultValue={fields.role.initialValue ?? ""}>
            <option value="">Select a role</option>
            <option value="Worker">Worker</option>
            <option value="Buyer">Buyer</option>
          </NativeSelect>
        </Field>
        <ImagePicker label="Photo" round error={actionData?.imageError} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Creating account…" : "Register"}
        </Button>
      </Form>
      <GoogleButton />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
