import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { useHydrated } from "~/components/use-hydrated";
import { useFormat, useWords } from "~/lib/i18n/react";

export interface TaskChoice {
  id: string;
  title: string;
  pending: number;
}

/**
 * The review queue's choice of task (`?task=`): every task of the buyer with submissions waiting, with how many. A
 * plain GET form: with JavaScript a choice shows at once, without it 'Show' sends the choice.
 */
export function TaskFilter({ tasks, current, total }: { tasks: TaskChoice[]; current: string; total: number }) {
  const hydrated = useHydrated();
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2" role="search">
      <label className="grid gap-1 text-sm font-medium">
        {t("review.task")}
        <NativeSelect
          name="task"
          defaultValue={current}
          key={current}
          className="w-auto min-w-56 max-w-full"
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
          data-testid="review-task-filter"
        >
          {/* one string each: a label of several parts would carry React's text separators, in every option */}
          <option value="">{t("filter.all", { count: f.count(total) })}</option>
          {tasks.map((task) => (
            <option key={task.id} value={task.id}>
              {`${task.title} (${f.count(task.pending)})`}
            </option>
          ))}
        </NativeSelect>
      </label>
      {hydrated ? null : (
        <Button type="submit" variant="outline">
          {t("filter.show")}
        </Button>
      )}
    </Form>
  );
}
