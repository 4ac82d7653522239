import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * `shouldRevalidate` of the pages with confirmed actions: after any post (a decision, or a refusal: the row may
 * be stale) the page's data is read again; otherwise React Router decides as usual.
 */
export function revalidateAfterPost({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}
