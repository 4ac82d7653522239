// Shared by the task page's submission and a submission's edit (not a route): the proof image's upload, in the
// product's words (its original specification: 'Image upload failed!' stops the submission).
import type { FormPlan } from "~/server/http/page-action.server";

export const PROOF_IMAGE: NonNullable<FormPlan<never, unknown>["upload"]> = {
  failure: (refused) => ({ title: "Image upload failed!", message: refused.message }),
  unexpected: "The image could not be stored. Please try again.",
};
