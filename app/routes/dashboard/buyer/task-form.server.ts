// Shared by the Add Task, Update Task and Post Tasks from a CSV actions (not a route).
import type { FormPlan } from "~/server/http/page-action.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { NOT_AVAILABLE_COIN, shortOfCoinsWords } from "~/lib/posting";

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

/**
 * A posting over the balance, one task or a file's: off to Purchase Coin, where the flash says so (thrown, so an
 * uploaded image is removed), in the same words for both. As a whole new document, as every flash to a page with its
 * own policy (flash.server.ts).
 */
export function overBalance(tasks: number, cost: number, balance: number) {
  return redirectWithFlash("/dashboard/purchasecoin", {
    type: "error",
    title: NOT_AVAILABLE_COIN,
    message: shortOfCoinsWords(tasks, cost, balance),
  });
}
