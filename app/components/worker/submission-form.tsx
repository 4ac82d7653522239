import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { Form, useNavigation } from "react-router";
import { Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { ImagePicker } from "~/components/image-picker";
import { submissionFormSchema } from "./schemas";

export const DEFAULT_SUBMISSION_PLACEHOLDER = "Enter your task submission here...";

export interface SubmissionActionData {
  result: SubmissionResult<string[]> | null;
  failure: { title: string; message: string } | null;
  imageError: string | null;
}

/** The worker's proof for one task: text and an optional image (multipart, works without JavaScript). */
export function SubmissionForm({ action, placeholder, actionData }: { action: string; placeholder: string; actionData?: SubmissionActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === action;
  const [form, fields] = useForm({
    id: "task-submission",
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: submissionFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4" aria-busy={busy}>
      <Field label="Your submission" htmlFor={fields.submission_details.id} error={fields.submission_details.errors}>
        <Textarea
          {...getTextareaProps(fields.submission_details)}
          placeholder={placeholder || DEFAULT_SUBMISSION_PLACEHOLDER}
          rows={6}
          className="min-h-36 resize-y"
        />
      </Field>
      <ImagePicker label="Proof image (optional)" error={actionData?.imageError} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <Spinner /> : <Send aria-hidden />}
        {busy ? "Submitting…" : "Submit Task"}
      </Button>
    </Form>
  );
}
