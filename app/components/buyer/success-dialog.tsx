import { Dialog } from "radix-ui";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState, type CSSProperties } from "react";
import { useNavigate } from "react-router";

/**
 * A success popup that closes itself after `duration` ms ('Task Posted!' and 'Task Updated!' for 2 s)
 * and then calls `onDone` (e.g. to go to My Tasks). Escape or the button end it early.
 */
export function SuccessDialog({
  open,
  title,
  message,
  duration = 2000,
  onDone,
}: {
  open: boolean;
  title: string;
  message?: string;
  duration?: number;
  onDone: () => void;
}) {
  const fired = useRef(false);
  const done = () => {
    if (fired.current) return;
    fired.current = true;
    onDone();
  };
  const timedOut = useEffectEvent(done);
  useEffect(() => {
    if (!open) return;
    fired.current = false;
    const timer = setTimeout(timedOut, duration);
    return () => clearTimeout(timer);
  }, [open, duration]);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && done()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          data-testid="success-dialog"
          className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 justify-items-center gap-3 overflow-hidden rounded-2xl border border-border bg-white px-6 pb-6 pt-8 text-center shadow-xl"
        >
          <span className="grid size-16 place-items-center rounded-full bg-emerald-50 ring-8 ring-emerald-50/60">
            <CheckCircle2 className="size-9 text-emerald-600" aria-hidden />
          </span>
          <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className={message ? "text-sm text-muted-foreground" : "sr-only"}>
            {message ?? title}
          </Dialog.Description>
          <Dialog.Close className="mt-1 rounded-lg bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            OK
          </Dialog.Close>
          <div className="absolute inset-x-0 bottom-0 h-1 bg-emerald-100" aria-hidden>
            <div
              className="h-full animate-countdown bg-emerald-500"
              style={{ "--countdown-duration": `${duration}ms` } as CSSProperties}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Add Task's and Update Task's success popup: it opens when the action answers with the saved task's message,
 * stays until it ends, and then goes to My Tasks.
 */
export function TaskSaved({ title, saved }: { title: string; saved: { message: string } | null | undefined }) {
  const navigate = useNavigate();
  // Once shown, the popup stays until it ends, even if the action's answer is revalidated away.
  const [shown, setShown] = useState<{ message: string } | null>(null);
  if (saved && saved !== shown) setShown(saved);
  return (
    <SuccessDialog
      open={shown !== null}
      title={title}
      message={shown?.message}
      duration={2000}
      onDone={() => navigate("/dashboard/mytasks")}
    />
  );
}
