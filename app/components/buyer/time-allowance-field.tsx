import { TASK_FIELD_NAMES } from "~/lib/task-fields";
import { WholeNumberField, type AnyField } from "~/components/form-kit";
import { TIME_ALLOWANCE_MINUTES } from "~/lib/time-allowance";

/** Add and Update Task's time allowance: how long a worker's start keeps a slot for them (empty: 60 on Add Task). */
export function TimeAllowanceField({ field }: { field: AnyField }) {
  return (
    <WholeNumberField
      field={field}
      label={TASK_FIELD_NAMES.time_allowance_minutes}
      hint={`How long a worker who starts the task keeps the slot: ${TIME_ALLOWANCE_MINUTES.min} to ${TIME_ALLOWANCE_MINUTES.max} minutes (24 hours); ${TIME_ALLOWANCE_MINUTES.default} if left empty.`}
      min={TIME_ALLOWANCE_MINUTES.min}
      max={TIME_ALLOWANCE_MINUTES.max}
      placeholder={String(TIME_ALLOWANCE_MINUTES.default)}
    />
  );
}
