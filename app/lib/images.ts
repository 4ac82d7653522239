// The rules of an uploaded image and their words, shared by the server's check (services/images.server.ts) and the
// image picker's early one in the browser (docs/product/messages.md; why these bounds: docs/decisions/079-images-bounded-by-their-header.md).

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * The most pixels an image may have: the copied-proof hash decodes a proof image whole, and at this size the
 * decode and hash of the heaviest kind stay far inside a Worker's 128 MB (docs/performance.md, "Images").
 */
export const MAX_IMAGE_PIXELS = 4_000_000;

/** What the upload forms say under the image field. */
export const IMAGE_RULE = "PNG, JPEG, WebP or GIF, at most 5 MB and 4 megapixels (for example 2,500 × 1,600 pixels).";

export const IMAGE_TYPE_ERROR = "Only PNG, JPEG, WebP or GIF images can be uploaded";
export const IMAGE_TOO_LARGE = "Images can be at most 5 MB";
export const IMAGE_TOO_MANY_PIXELS = "Images can be at most 4 megapixels (for example 2,500 × 1,600 pixels)";
export const IMAGE_DAMAGED = "This image is damaged or incomplete. Save it again and upload the new file.";

/** The picker's words for an image over MAX_IMAGE_PIXELS, naming its size. */
export const tooManyPixels = (width: number, height: number) =>
  `This image is ${width.toLocaleString("en")} × ${height.toLocaleString("en")} pixels. ${IMAGE_TOO_MANY_PIXELS}: make it smaller first.`;
