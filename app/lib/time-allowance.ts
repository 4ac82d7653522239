// A task's time allowance: how long a worker's start holds a slot for them (docs/decisions/034-a-start-holds-a-slot.md).
// The form, the schemas, the service and the countdown on the task page share these.

export const TIME_ALLOWANCE_MINUTES = { min: 5, max: 24 * 60, default: 60 } as const;

const MINUTE = 60_000;

/** When a start at `startedAt` with this allowance runs out. */
export const holdExpiresAt = (startedAt: number, allowanceMinutes: number) => startedAt + allowanceMinutes * MINUTE;

/** "45 minutes", "1 hour", "2 hours 30 minutes": an allowance in words. */
export function allowanceWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  return [h ? part(h, "hour") : "", m || !h ? part(m, "minute") : ""].filter(Boolean).join(" ");
}
