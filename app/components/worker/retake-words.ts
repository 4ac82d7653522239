// When a qualification test can be taken again, in the page's words (app/lib/qualifications.ts's retakeWords).
import { useWords } from "~/lib/i18n/react";

/** "Retake at once", "Retake after 2 days", "Retake after 5 hours". */
export function useRetakeWords(): (hours: number) => string {
  const t = useWords("worker");
  return (hours) =>
    hours === 0
      ? t("tests.retakeAtOnce")
      : hours % 24 === 0
        ? t("tests.retakeDays", { count: hours / 24 })
        : t("tests.retakeHours", { count: hours });
}
