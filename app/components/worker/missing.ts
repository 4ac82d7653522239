// What a worker misses of a task's requirements, in the few words of a task card ("90% approval (yours 84.5%)").
import type { Missing } from "~/lib/eligibility";
import { useFormat, useWords } from "~/lib/i18n/react";

export type { Missing };

export function useMissingWords(): (m: Missing) => string {
  const t = useWords("worker");
  const f = useFormat();
  return (m) => {
    switch (m.kind) {
      case "approved":
        return t("taskCard.needsApproved", { count: m.least, have: f.count(m.have) });
      case "rate":
        return t("taskCard.needsRate", { rate: f.count(m.least), yours: f.count(m.yours) });
      case "qualification":
        return t("taskCard.needsQualification", { name: m.name });
      case "score":
        return t("taskCard.needsScore", { name: m.name, score: f.count(m.least), yours: f.count(m.yours) });
    }
  };
}
