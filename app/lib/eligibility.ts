// Who may work on a task: the constants of the approval rate a requirement is judged on, and the words of a refusal
// and of a task card (shared by the server's check, the worker's task page and the Task List). The rate itself is
// worked out in SQL, once (approvalRateSql in app/server/services/eligibility.server.ts), so the check where a slot is
// taken, the list's "Hide tasks I can't do" and these words all read the same figure; docs/product/quality.md
// explains the smoothing. A refusal's words are its English and the `errors` catalogue's key that says it on a page
// (docs/decisions/106).
import { countryName, countryNameIn } from "./countries";
import type { Language } from "./i18n/languages";
import type { Said } from "./i18n/messages";

/**
 * Below this many reviewed submissions a worker's rate is smoothed: a rate of 0 or 100 from one review says little.
 * The smoothed rate adds PRIOR_WEIGHT imaginary reviews at PRIOR_RATE (the rate a new worker is presumed to have):
 * (approved + PRIOR_WEIGHT x PRIOR_RATE) / (reviewed + PRIOR_WEIGHT). Rates are in percent with one decimal.
 */
export const SMOOTHED_BELOW = 20;
export const PRIOR_WEIGHT = 5;
export const PRIOR_RATE = 0.8;

/**
 * The approval rate's rule in one line, said wherever a worker sees their rate (Worker Home, a task's requirement), so
 * the figure is read the same way on both.
 */
export const APPROVAL_RATE_RULE = `Your approval rate is your approved submissions out of those decided; until ${SMOOTHED_BELOW} are decided, ${PRIOR_WEIGHT} more are counted at ${PRIOR_RATE * 100}% approved.`;

export interface Requirements {
  minApprovalRate: number | null;
  minApproved: number | null;
}

/** A worker's record as requirements judge it: approved submissions, and the approval rate (percent, one decimal). */
export interface TrackRecord {
  approved: number;
  rate: number;
}

const submissions = (n: number) => (n === 1 ? "submission" : "submissions");

/** Why a worker with this track record may not work on a task with these requirements; null when they may. */
export function unmetRequirement(r: Requirements, record: TrackRecord): Said | null {
  if (r.minApproved !== null && record.approved < r.minApproved)
    return {
      english: `This task is for workers with at least ${r.minApproved} approved ${submissions(r.minApproved)}; you have ${record.approved}.`,
      key: "eligibility.approved",
      values: { least: r.minApproved, have: record.approved },
    };
  if (r.minApprovalRate !== null && record.rate < r.minApprovalRate)
    return {
      english: `This task is for workers with an approval rate of at least ${r.minApprovalRate}%; yours is ${record.rate}%. ${APPROVAL_RATE_RULE}`,
      key: "eligibility.approvalRate",
      values: {
        least: r.minApprovalRate,
        yours: record.rate,
        smoothedBelow: SMOOTHED_BELOW,
        priorWeight: PRIOR_WEIGHT,
        priorRate: PRIOR_RATE * 100,
      },
    };
  return null;
}

/** What a requirement the worker does not meet keeps from them beyond starting the task (MTurk's ActionsGuarded). */
export type Guard = "preview" | "discover";

/** Why a worker may not work on a task that excludes holders of a qualification (with this score, or any). */
export function heldExclusion(name: string, score: number | null): Said {
  return score === null
    ? {
        english: `This task is not for workers who hold the qualification “${name}”.`,
        key: "eligibility.excluded",
        values: { name },
      }
    : {
        english: `This task is not for workers whose score for the qualification “${name}” is ${score}.`,
        key: "eligibility.excludedScore",
        values: { name, score },
      };
}

/** Why a worker may not work on a task for some countries (or not for some), given their country (null: not given). */
export function unmetCountry(rule: { allowed: string[]; excluded: string[] }, country: string | null): Said | null {
  const names = (language: Language, codes: string[]) => codes.map((c) => countryNameIn(language, c)).join(", ");
  if (!country)
    return {
      english: "This task is for workers in some countries only. Add your country in Settings to work on it.",
      key: "eligibility.noCountry",
    };
  if (rule.allowed.length > 0 && !rule.allowed.includes(country))
    return {
      english: `This task is for workers in ${names("en", rule.allowed)}; your country is ${countryName(country)}.`,
      key: "eligibility.countries",
      values: (language) => ({ countries: names(language, rule.allowed), country: countryNameIn(language, country) }),
    };
  if (rule.excluded.includes(country))
    return {
      english: `This task is not for workers in ${countryName(country)}.`,
      key: "eligibility.notInCountry",
      values: (language) => ({ country: countryNameIn(language, country) }),
    };
  return null;
}

/** A task's requirements as its card states them, with what the worker holds of its qualification. */
export interface CardRequirements extends Requirements {
  qualification: { name: string; minScore: number; score: number | null } | null;
}

/** One thing a worker misses of a task's requirements, as a card names it (app/components/worker/missing.ts). */
export type Missing =
  | { kind: "approved"; least: number; have: number }
  | { kind: "rate"; least: number; yours: number }
  | { kind: "qualification"; name: string }
  | { kind: "score"; name: string; least: number; yours: number };

/**
 * A task card's requirement line: null when the task requires nothing; else each thing the worker misses (written
 * in a few words by the card: "90% approval (yours 84.5%)"), none when they qualify. The task's page gives the full
 * reason.
 */
export function missingOnCard(r: CardRequirements, record: TrackRecord): Missing[] | null {
  if (r.minApprovalRate === null && r.minApproved === null && !r.qualification) return null;
  const missing: Missing[] = [];
  if (r.minApproved !== null && record.approved < r.minApproved)
    missing.push({ kind: "approved", least: r.minApproved, have: record.approved });
  if (r.minApprovalRate !== null && record.rate < r.minApprovalRate)
    missing.push({ kind: "rate", least: r.minApprovalRate, yours: record.rate });
  const q = r.qualification;
  if (q && q.score === null) missing.push({ kind: "qualification", name: q.name });
  else if (q && q.score !== null && q.score < q.minScore)
    missing.push({ kind: "score", name: q.name, least: q.minScore, yours: q.score });
  return missing;
}
