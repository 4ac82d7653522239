// Batch posting's file (docs/product/batch-posting.md): the columns a CSV of tasks has, named as Add Task's fields,
// and its limits. Shared by the page (which lists the columns) and the service (which reads the file).

/** Every column, in the template's order: Add Task's fields (the image as the URL of an image uploaded to Coinwork). */
export const BATCH_COLUMNS = [
  "task_title",
  "task_detail",
  "required_workers",
  "payable_amount",
  "estimate_minutes",
  "completion_date",
  "submission_info",
  "category",
  "task_image_url",
  "min_approval_rate",
  "min_approved",
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/** Columns a file may leave out (each cell may be empty too). */
export const OPTIONAL_COLUMNS: readonly BatchColumn[] = ["task_image_url", "min_approval_rate", "min_approved"];

export const MAX_BATCH_ROWS = 1000;
/** 1 MB */
export const MAX_BATCH_BYTES = 1024 * 1024;
