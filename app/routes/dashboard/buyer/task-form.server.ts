// Shared by the Add Task and Update Task actions (not a route).
import type { FormPlan } from "~/server/http/page-action.server";

const UPLOAD_FAILED = { title: "Upload Failed", message: "Failed to upload image. Please try again." };
const UPLOAD_ERROR = { title: "Upload Error", message: "Something went wrong while uploading the image." };

/**
 * The task image's upload, in the product's words (docs/product/messages.md): a refused file (type, size) is
 * 'Upload Failed', anything unexpected 'Upload Error'; the reason shows under the picker.
 */
export const TASK_IMAGE: NonNullable<FormPlan<never, unknown>["upload"]> = {
  failure: (refused) => (refused.code === "internal" ? UPLOAD_ERROR : UPLOAD_FAILED),
  unexpected: UPLOAD_ERROR.message,
};
