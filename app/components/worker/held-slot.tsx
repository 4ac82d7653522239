// The task page's start and held slot (docs/decisions/034-a-start-holds-a-slot.md): before a start, what starting
// does and its button; after it, the time left, when it runs out and the give-back.
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Play } from "~/components/icons";
import { Clock, Undo2 } from "~/components/icons/more";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { LocalTime } from "~/components/local-time";
import { ActionTrigger } from "~/components/actions/trigger";
import type { ActionFlow, ActionSpec } from "~/components/actions/flow";
import { useWords, type Words } from "~/lib/i18n/react";
import { durationWords } from "~/components/duration-words";

export function giveBackSpec(t: Words<"worker">, task: { id: string; taskTitle: string }): ActionSpec {
  return {
    intent: "giveback",
    id: task.id,
    title: t("giveBack.title"),
    description: t("giveBack.description", { title: task.taskTitle }),
    confirmLabel: t("giveBack.confirm"),
    destructive: true,
  };
}

/** Before a start: the allowance, and the button that holds a slot (a plain post, with or without JavaScript). */
export function StartPanel({
  taskId,
  allowanceMinutes,
  timeRanOut,
}: {
  taskId: string;
  allowanceMinutes: number;
  timeRanOut: boolean;
}) {
  const t = useWords("worker");
  const common = useWords("common");
  return (
    <div className="grid gap-3" data-testid="start-panel">
      {timeRanOut ? (
        <Alert tone="warning" title={t("start.timeRanOut")}>
          {t("start.timeRanOutBody")}
        </Alert>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {t.rich("start.intro", {
          strong: (chunks) => <span className="font-semibold text-foreground">{chunks}</span>,
          time: durationWords(common, allowanceMinutes),
        })}
      </p>
      <Form method="post" action={`/dashboard/tasklist/${taskId}`}>
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="id" value={taskId} />
        <Button type="submit" size="lg" className="w-full">
          <Play aria-hidden /> {t("start.button")}
        </Button>
      </Form>
    </div>
  );
}

/** The time left, counted down in the browser from the server's clock at render (the server's expiry decides). */
function useTimeLeft(expiresAt: number, serverNow: number): string {
  const t = useWords("worker");
  const common = useWords("common");
  const [offset] = useState(() => serverNow - Date.now());
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = setInterval(tick, 15_000);
    return () => clearInterval(timer);
  }, [offset]);
  const left = expiresAt - now;
  if (left <= 0) return t("held.timeUp");
  if (left < 60_000) return t("held.underMinute");
  return t("held.left", { time: durationWords(common, Math.floor(left / 60_000)) });
}

/** After a start: the time left and the give-back. */
export function HeldSlotPanel({
  task,
  hold,
  serverNow,
  flow,
}: {
  task: { id: string; taskTitle: string };
  hold: { startedAt: number; expiresAt: number };
  serverNow: number;
  flow: ActionFlow;
}) {
  const left = useTimeLeft(hold.expiresAt, serverNow);
  const t = useWords("worker");
  return (
    <div className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50/60 p-3" data-testid="held-slot">
      <p className="flex items-start gap-2 text-sm">
        <Clock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        <span>
          {t.rich("held.toSend", {
            left,
            strong: (chunks) => (
              <span className="font-semibold" data-testid="time-left">
                {chunks}
              </span>
            ),
            until: () => <LocalTime at={hold.expiresAt} />,
          })}
        </span>
      </p>
      <ActionTrigger
        flow={flow}
        spec={giveBackSpec(t, task)}
        size="sm"
        variant="danger"
        className="justify-self-start"
        icon={<Undo2 aria-hidden />}
      >
        {t("giveBack.button")}
      </ActionTrigger>
    </div>
  );
}
