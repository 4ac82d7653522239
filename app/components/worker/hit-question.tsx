// A HIT's question on its task page (docs/mturk.md): an HTMLQuestion from this site's /mturk/question/<HITId> or an
// ExternalQuestion's own page, framed in a sandbox. The HTMLQuestion's frame gets no allow-same-origin, so its
// scripts run in an opaque origin and reach neither this page nor its cookies; an ExternalQuestion is another
// origin already, and keeps its own (its scripts need their site's storage).
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
            ? "allow-scripts allow-forms allow-popups allow-top-navigation-by-user-activation"
            : "allow-scripts allow-forms allow-popups allow-same-origin allow-top-navigation-by-user-activation"
        }
        referrerPolicy="no-referrer"
      />
    </Card>
  );
}
