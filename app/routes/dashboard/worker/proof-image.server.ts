// Shared by the task page's submission and a submission's edit (not a route): the proof image's upload, in the
// product's words (its original specification: 'Image upload failed!' stops the submission), in the worker's language.
import type { FormPlan, PageArgs } from "~/server/http/page-action.server";
import { actionWords } from "./words.server";

export function proofImageUpload(args: PageArgs): NonNullable<FormPlan<never, unknown>["upload"]> {
  const { t } = actionWords(args);
  return {
    failure: (refused) => ({ title: t("proofForm.uploadFailed"), message: refused.message }),
    unexpected: t("proofForm.uploadUnexpected"),
  };
}
