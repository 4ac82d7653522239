// Shared by the Add Task and Update Task actions (not a route).
import { AppError } from "~/server/errors";

/**
 * The product's words (docs/product/messages.md) for an image that could not be stored: a refused file (type, size) is
 * 'Upload Failed', anything unexpected 'Upload Error'. `field` is the message shown under the picker.
 */
export function imageFailure(e: unknown) {
  if (e instanceof AppError) {
    return {
      status: e.status,
      field: e.message,
      failure: { title: "Upload Failed", message: "Failed to upload image. Please try again." },
    };
  }
  console.error(e);
  return {
    status: 500,
    field: "Something went wrong while uploading the image.",
    failure: { title: "Upload Error", message: "Something went wrong while uploading the image." },
  };
}
