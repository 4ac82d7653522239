// A HIT's question on its task page (docs/mturk.md): an HTMLQuestion from the question origin's
// /mturk/question/<HITId> or an ExternalQuestion's own page, framed in a sandbox. Both are other sites than this one.
// The HTMLQuestion's frame gets no allow-same-origin, so its scripts run in an opaque origin (no question reaches
// another's storage on the shared question origin); an ExternalQuestion keeps its own site's (its scripts need it).
// Neither may navigate this tab: links open in a new tab, as a tab of their own (outside the sandbox).
// Once the frame's form has posted, Coinwork's page in the frame says so (QUESTION_POSTED) and this page reads the
// worker's state again: the work shows as sent, without the hold's countdown or its give-back
// (docs/decisions/093-a-hit-page-learns-its-work-was-sent.md).
import { useEffect, useRef, type RefObject } from "react";
import { useRevalidator } from "react-router";
import { CircleCheck } from "~/components/icons/more";
import { Card } from "~/components/ui/card";
import { QUESTION_POSTED } from "~/lib/hit-question";
import { useWords } from "~/lib/i18n/react";

/**
 * Reads the page again when its question frame says an answer was posted: only a message from that frame's window,
 * from Coinwork's page there (this origin, or the opaque origin the HTMLQuestion's sandbox gives every page in it),
 * and one read at a time. The message is a hint and nothing more: the server's answer says what was sent.
 */
function useRevalidateWhenPosted(frame: RefObject<HTMLIFrameElement | null>) {
  const { state, revalidate } = useRevalidator();
  useEffect(() => {
    if (state !== "idle") return;
    const onMessage = (e: MessageEvent) => {
      if (e.source === null || e.source !== frame.current?.contentWindow) return;
      if (e.origin !== window.location.origin && e.origin !== "null") return;
      if (e.data === QUESTION_POSTED) void revalidate();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frame, revalidate, state]);
}

export function HitQuestionFrame({
  frame,
  started,
}: {
  frame: { kind: "html" | "external"; src: string; height: number };
  started: boolean;
}) {
  const ref = useRef<HTMLIFrameElement>(null);
  const t = useWords("worker");
  useRevalidateWhenPosted(ref);
  return (
    <Card className="grid gap-3 p-5 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t("hit.heading")}</h2>
        <p className="text-sm text-muted-foreground">{started ? t("hit.started") : t("hit.preview")}</p>
      </div>
      <iframe
        ref={ref}
        src={frame.src}
        title={t("hit.frameTitle")}
        data-testid="hit-question"
        height={frame.height}
        className="w-full rounded-lg border border-border bg-white"
        sandbox={
          frame.kind === "html"
            ? "allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"
            : "allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-same-origin"
        }
        referrerPolicy="no-referrer"
      />
    </Card>
  );
}

/** A HIT whose work the worker has sent, in its question's place: the question is not shown again (the page's side
 * says where the submission is). */
export function HitWorkSent({ status }: { status: "pending" | "approved" }) {
  const t = useWords("worker");
  return (
    <Card className="grid gap-3 p-5 sm:p-6" data-testid="hit-work-sent">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheck className="size-5 text-emerald-700" aria-hidden /> {t("hit.sent")}
      </h2>
      <p className="text-sm text-muted-foreground">{status === "approved" ? t("hit.approved") : t("hit.reviews")}</p>
    </Card>
  );
}
