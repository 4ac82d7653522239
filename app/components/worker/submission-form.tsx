import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { TextareaField, usePosting, useValibotForm } from "~/components/form-kit";
import { ImagePicker } from "~/components/image-picker";
import { submissionFormSchema } from "./schemas";

export const DEFAULT_SUBMISSION_PLACEHOLDER = "Enter your task submission here...";

/** The worker's proof for one task: text and an optional image (multipart, works without JavaScript). */
export function SubmissionForm({
  action,
  placeholder,
  lastResult,
  imageError,
}: {
  action: string;
  placeholder: string;
  lastResult?: SubmissionResult<string[]> | null;
  imageError?: string;
}) {
  const busy = usePosting(action);
  const [form, fields] = useValibotForm(submissionFormSchema, { id: "task-submission", lastResult });
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="grid gap-4"
      aria-busy={busy}
    >
      <TextareaField
        field={fields.submission_details}
        label="Your submission"
        placeholder={placeholder || DEFAULT_SUBMISSION_PLACEHOLDER}
        rows={6}
        className="min-h-36 resize-y"
      />
      <ImagePicker label="Proof image (optional)" error={imageError} />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <Spinner /> : <Send aria-hidden />}
        {busy ? "Submitting…" : "Submit Task"}
      </Button>
    </Form>
  );
}
