// The worker's proof for a task, sent in two steps (STEP_FIELD, ~/lib/enhanced.ts): the form posts a review first
// (the server checks it and stores the image) and the page shows exactly what will be sent, with the button that
// sends it; the form stays below it to change something. Used to submit work (the task page) and to edit a pending
// submission (My Submissions). Plain multipart posts, so both steps work without JavaScript.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Eye, Send } from "~/components/icons/more";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { ReviewPanel, TextareaField, usePosting, useValibotForm } from "~/components/form-kit";
import { ImagePicker } from "~/components/image-picker";
import { ProofBody } from "~/components/proof";
import { proofFormSchema, SUBMISSION_TEXT_MAX } from "~/lib/schemas/money";
import { REVIEW_STEP, SEND_STEP, STEP_FIELD } from "~/lib/enhanced";
import type { WorkerCheckView } from "~/lib/schemas/check";
import { CheckAnswerField } from "./check-answer-field";
import { useWords } from "~/lib/i18n/react";

/** What the review step answers: the proof as it will be sent. */
export interface ProofReview {
  text: string;
  imageUrl: string | null;
  /** the answer to the task's check question, when it has one */
  checkAnswer?: string;
}

export function proofReviewOf(review: Record<string, unknown> | undefined): ProofReview | null {
  return review && typeof review.text === "string"
    ? {
        text: review.text,
        imageUrl: typeof review.imageUrl === "string" && review.imageUrl ? review.imageUrl : null,
        checkAnswer: typeof review.checkAnswer === "string" ? review.checkAnswer : undefined,
      }
    : null;
}

/** Hidden fields both steps post besides the proof (e.g. the intent of an edit). */
type Hidden = Record<string, string>;

function HiddenFields({ fields }: { fields: Hidden }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/**
 * The proof form: the text (required), the image kept from before (a review's upload, or the submission's own) with
 * a box to drop it, a new image to replace it, and the button that shows what will be sent (the review step).
 */
export function ProofForm({
  id,
  action,
  placeholder,
  lastResult,
  imageError,
  keptImage,
  defaultText,
  hidden = {},
  reviewLabel,
  reviewing = false,
  check = null,
  defaultCheckAnswer,
}: {
  id: string;
  action: string;
  /** the task's own words on what to submit; else the form's default */
  placeholder?: string;
  lastResult?: SubmissionResult<string[]> | null;
  imageError?: string;
  /** an image already stored that this proof keeps unless the box is cleared */
  keptImage?: string | null;
  defaultText?: string;
  hidden?: Hidden;
  /** the button that asks for the review step */
  reviewLabel: string;
  /** a review is shown above: its send button is the main one, this form's button a secondary one */
  reviewing?: boolean;
  /** the task's check question, answered with the proof */
  check?: WorkerCheckView | null;
  /** the answer given before (an edit offers the question again with it) */
  defaultCheckAnswer?: string;
}) {
  const busy = usePosting(action);
  const t = useWords("worker");
  const [form, fields] = useValibotForm(proofFormSchema, {
    id,
    lastResult,
    defaultValue: { submission_details: defaultText ?? "", check_answer: defaultCheckAnswer ?? "" },
  });
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="grid gap-4"
      aria-busy={busy}
    >
      <HiddenFields fields={hidden} />
      <TextareaField
        field={fields.submission_details}
        label={t("proofForm.label")}
        hint={t("proofForm.hint", { max: SUBMISSION_TEXT_MAX })}
        placeholder={placeholder || t("proofForm.placeholder")}
        rows={6}
        maxLength={SUBMISSION_TEXT_MAX}
        className="min-h-36 resize-y"
      />
      {keptImage ? (
        <div className="flex items-center gap-3 rounded-lg border border-border p-3">
          <input type="hidden" name="image_url" value={keptImage} />
          <img src={keptImage} alt={t("proofForm.chosenImage")} className="size-14 shrink-0 rounded-md object-cover" />
          <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 text-sm font-medium">
            <input type="checkbox" name="keep_image" defaultChecked className="size-5 accent-brand-600" />
            {t("proofForm.keepImage")}
          </label>
        </div>
      ) : null}
      <ImagePicker label={keptImage ? t("proofForm.otherImage") : t("proofForm.image")} error={imageError} />
      {check ? <CheckAnswerField check={check} field={fields.check_answer} /> : null}
      <Button
        type="submit"
        name={STEP_FIELD}
        value={REVIEW_STEP}
        size="lg"
        variant={reviewing ? "outline" : "default"}
        disabled={busy}
        className="w-full"
      >
        {busy ? <Spinner /> : <Eye aria-hidden />}
        {busy ? t("proofForm.checking") : reviewLabel}
      </Button>
    </Form>
  );
}

/**
 * The review step's answer: the proof exactly as it will be sent, and the button that sends it (the same proof, as
 * hidden fields). Focus moves here when it appears, so the worker reads it before sending.
 */
export function ProofReviewPanel({
  review,
  action,
  hidden = {},
  sendLabel,
  note,
}: {
  review: ProofReview;
  action: string;
  hidden?: Hidden;
  sendLabel: string;
  note: string;
}) {
  const busy = usePosting(action);
  const t = useWords("worker");
  return (
    <ReviewPanel title={t("proofReview.title")} answer={review} testId="proof-review">
      <ProofBody proof={review} alt={t("proofReview.imageAlt")} />
      {review.checkAnswer !== undefined ? (
        <p className="text-sm">
          {t.rich("proofReview.checkAnswer", {
            reply: review.checkAnswer,
            strong: (chunks) => <span className="font-semibold">{chunks}</span>,
          })}
        </p>
      ) : null}
      {review.imageUrl ? null : <p className="text-xs text-muted-foreground">{t("proofReview.noImage")}</p>}
      <Form method="post" action={action} encType="multipart/form-data" className="grid gap-2">
        <HiddenFields fields={hidden} />
        <input type="hidden" name="submission_details" value={review.text} />
        {review.checkAnswer !== undefined ? (
          <input type="hidden" name="check_answer" value={review.checkAnswer} />
        ) : null}
        {review.imageUrl ? (
          <>
            <input type="hidden" name="image_url" value={review.imageUrl} />
            <input type="hidden" name="keep_image" value="on" />
          </>
        ) : null}
        <Button type="submit" name={STEP_FIELD} value={SEND_STEP} size="lg" disabled={busy} className="w-full">
          {busy ? <Spinner /> : <Send aria-hidden />}
          {busy ? t("proofReview.sending") : sendLabel}
        </Button>
      </Form>
      <p className="text-xs text-muted-foreground">{t("proofReview.note", { note })}</p>
    </ReviewPanel>
  );
}
