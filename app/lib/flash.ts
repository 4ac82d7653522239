/** A one-shot message carried across a redirect (shown as a toast, or inline without JavaScript). */
export interface Flash {
  type: "success" | "error" | "info";
  title: string;
  message?: string;
}
