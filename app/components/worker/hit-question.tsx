// A HIT's question on its task page (docs/mturk.md): an HTMLQuestion from the question origin's
// /mturk/question/<HITId> or an ExternalQuestion's own page, framed in a sandbox. Both are other sites than this one.
// The HTMLQuestion's frame gets no allow-same-origin, so its scripts run in an opaque origin (no question reaches
// another's storage on the shared question origin); an ExternalQuestion keeps its own site's (its scripts need it).
// Neither may navigate this tab: links open in a new tab, as a tab of their own (outside the sandbox).
import { Card } from "~/components/ui/card";

export function HitQuestionFrame({
  frame,
  started,
}: {
  frame: { kind: "html" | "external"; src: string; height: number };
  started: boolean;
}) {
  return (
    <Card className="grid gap-3 p-5 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">The task</h2>
        <p className="text-sm text-muted-foreground">
          {started
            ? "Answer in the frame below: its Submit button sends your work."
            : "A preview: start the task to answer it and send your work from it."}
        </p>
      </div>
      <iframe
        src={frame.src}
        title="The task's question"
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
