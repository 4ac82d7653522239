// A file input in the page's own words. A browser draws a native file input's button and its "no file chosen" in the
// browser's language, whatever the page's: a Bengali page read in an English browser said "Choose File". The native
// input stays (the keyboard focuses it, a screen reader names it, the form sends it) but out of sight, and a label
// drawn as a button opens it, with the chosen file's name beside. Without scripting only the browser could show that
// name, so there (`noscript:`, the `scripting: none` media feature) the native input shows as before.
import { useId, useState, type ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { useWords } from "~/lib/i18n/react";

export function FileInput({
  button,
  chosen,
  className,
  id,
  onChange,
  ...input
}: Omit<ComponentProps<"input">, "type"> & {
  /** the button's words (default: "Choose a file") */
  button?: string;
  /** the chosen file's name as the caller knows it (e.g. after it refused the file); by default the input's own */
  chosen?: string | null;
}) {
  const t = useWords("common");
  const ownId = useId();
  const inputId = id ?? ownId;
  const [picked, setPicked] = useState<string | null>(null);
  const name = chosen === undefined ? picked : chosen;
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <input
        {...input}
        id={inputId}
        type="file"
        className="peer sr-only noscript:not-sr-only noscript:block noscript:w-full noscript:text-sm noscript:file:mr-3 noscript:file:rounded-md noscript:file:border-0 noscript:file:bg-brand-50 noscript:file:px-3 noscript:file:py-2 noscript:file:font-semibold noscript:file:text-brand-800"
        onChange={(e) => {
          setPicked(e.currentTarget.files?.[0]?.name ?? null);
          onChange?.(e);
        }}
      />
      <label
        htmlFor={inputId}
        className="shrink-0 cursor-pointer rounded-md bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 noscript:hidden"
      >
        {button ?? t("file.choose")}
      </label>
      {/* no width of its own (w-0 grows to what is left): a long name is cut, never widening the form */}
      <span className="w-0 min-w-0 flex-1 truncate text-sm text-muted-foreground noscript:hidden">
        {name ?? t("file.none")}
      </span>
    </div>
  );
}
