// Qualifications' pure rules and words, shared by the server's services and the pages (docs/product/quality.md).
import type { Said } from "./i18n/messages";

/** A test has at most this many questions, each with 2 to 6 choices. */
export const MAX_QUESTIONS = 20;
export const MIN_CHOICES = 2;
export const MAX_CHOICES = 6;
/** A hand grant's score unless the buyer gives one. */
export const HAND_GRANT_SCORE = 100;

/** A test's score: the share of questions answered right, 0 to 100, rounded to a whole number. */
export function testScore(key: readonly { id: string; answer: number }[], answers: Record<string, number>): number {
  if (key.length === 0) return 0;
  const right = key.filter((q) => answers[q.id] === q.answer).length;
  return Math.round((right * 100) / key.length);
}

/** When a worker whose last attempt was at `attemptedAt` may take the test again. */
export function nextAttemptAt(attemptedAt: number, retakeHours: number): number {
  return attemptedAt + retakeHours * 3_600_000;
}

/** Why a worker may not work on a task that requires this qualification with this least score; null when they may. */
export function unmetQualification(
  required: { name: string; minScore: number },
  held: { score: number } | null,
): Said | null {
  const need = required.minScore > 0 ? ` with a score of at least ${required.minScore}` : "";
  const values = { name: required.name, min: required.minScore };
  if (!held)
    return {
      english: `This task is for workers who hold the qualification “${required.name}”${need}; you do not hold it.`,
      key: "eligibility.qualificationNotHeld",
      values,
    };
  if (held.score < required.minScore)
    return {
      english: `This task is for workers who hold the qualification “${required.name}”${need}; your score is ${held.score}.`,
      key: "eligibility.qualificationScore",
      values: { ...values, score: held.score },
    };
  return null;
}

/** "Retake after a day" words for a wait in hours. */
export function retakeWords(hours: number): string {
  if (hours === 0) return "Retake at once";
  if (hours % 24 === 0) return `Retake after ${hours / 24} ${hours === 24 ? "day" : "days"}`;
  return `Retake after ${hours} ${hours === 1 ? "hour" : "hours"}`;
}
