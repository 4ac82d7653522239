import { Dialog } from "radix-ui";
import { CircleCheck, CircleX } from "~/components/icons/more";
import { useEffect, useEffectEvent, useRef, type CSSProperties } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useWords } from "~/lib/i18n/react";

export interface ResultInfo {
  ok: boolean;
  title: string;
  message?: string;
  /** the server's own reason for a refusal */
  detail?: string;
}

/**
 * The success or failure dialog the product names (docs/product/messages.md): 'Successfully Approved!', 'Removed!',
 * 'Error', 'Task Posted!', … With `autoCloseMs` it closes itself after that long (a bar counts down); OK, Escape
 * or the backdrop end it early. `onClose` runs once either way.
 */
export function ResultDialog({
  result,
  onClose,
  autoCloseMs,
}: {
  result: ResultInfo | null;
  onClose: () => void;
  autoCloseMs?: number;
}) {
  const t = useWords("common");
  const closed = useRef<ResultInfo | null>(null);
  const close = () => {
    if (!result || closed.current === result) return;
    closed.current = result;
    onClose();
  };
  const timedOut = useEffectEvent(close);
  useEffect(() => {
    if (!result || !autoCloseMs) return;
    const timer = setTimeout(timedOut, autoCloseMs);
    return () => clearTimeout(timer);
  }, [result, autoCloseMs]);
  return (
    <Dialog.Root open={result !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          data-testid="result-dialog"
          className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 justify-items-center gap-3 overflow-hidden rounded-2xl border border-border bg-white p-6 text-center shadow-xl"
        >
          {result ? (
            <>
              <span
                className={cn(
                  "flex size-14 items-center justify-center rounded-full",
                  result.ok ? "bg-emerald-50 text-emerald-600" : "bg-red-50 text-red-600",
                )}
              >
                {result.ok ? (
                  <CircleCheck className="size-8" aria-hidden />
                ) : (
                  <CircleX className="size-8" aria-hidden />
                )}
              </span>
              <Dialog.Title className="text-xl font-semibold">{result.title}</Dialog.Title>
              <Dialog.Description className={cn("text-sm text-muted-foreground", !result.message && "sr-only")}>
                {result.message ?? result.title}
              </Dialog.Description>
              {result.detail ? (
                <p className="w-full rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">{result.detail}</p>
              ) : null}
              <Dialog.Close asChild>
                <Button className="mt-2 min-w-32">{t("result.ok")}</Button>
              </Dialog.Close>
              {autoCloseMs ? (
                <div className="absolute inset-x-0 bottom-0 h-1 bg-emerald-100" aria-hidden>
                  <div
                    className="h-full animate-countdown bg-emerald-500"
                    style={{ "--countdown-duration": `${autoCloseMs}ms` } as CSSProperties}
                  />
                </div>
              ) : null}
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
