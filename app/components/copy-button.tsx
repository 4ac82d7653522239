import { useState } from "react";
import { Check, Copy } from "~/components/icons/more";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { useWords } from "~/lib/i18n/react";

/**
 * Copies `text` to the clipboard and says so in place (announced). Only once the page is interactive: without
 * JavaScript the text beside it is selected whole with one click (`select-all`) instead.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useWords("common");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={copied ? t("copy.copiedLabel", { label }) : t("copy.copyLabel", { label })}
      onClick={() => {
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      onBlur={() => setCopied(false)}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? t("copy.copied") : t("copy.copy")}</span>
    </Button>
  );
}
