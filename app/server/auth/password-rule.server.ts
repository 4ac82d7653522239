// The password rule beyond its length (app/lib/schemas/auth.ts checks the 12 characters in the browser too): not a
// common password, nor close to one. zxcvbn-ts estimates how many guesses a password takes against its list of
// about 50,000 passwords from breaches (@zxcvbn-ts/language-common), with their l33t spellings, repeats, sequences,
// keyboard runs and dates; below 10^8 guesses (its score 3) a password is refused. Server-only: the list is about
// 400 KB and never ships to the browser. Loaded on first use per isolate (about 0.2 s of CPU once), then a check
// costs a few milliseconds. Why no composition rules: docs/decisions/024-passwords-by-length-and-a-breach-list.md.
import { AppError } from "../errors";
import { PASSWORD_TOO_COMMON } from "~/lib/schemas/auth";

type Estimator = { check: (password: string, userInputs?: string[]) => { score: number } };

let estimator: Promise<Estimator> | undefined;

function loadEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([core, common]) => new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

/** The lowest zxcvbn score accepted: 3, "safely unguessable" (at least 10^8 guesses). */
const MIN_SCORE = 3;

/**
 * Whether `password` is easy to guess: common, close to a common one, or made of the account's own name or e-mail
 * (`personal`, which zxcvbn counts as known words).
 */
export async function isGuessable(password: string, personal: string[] = []): Promise<boolean> {
  const words = personal.flatMap((p) => p.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 2);
  return (await loadEstimator()).check(password, words).score < MIN_SCORE;
}

/** Refuses (422, under the password field) a new password that is easy to guess. */
export async function requireUnguessable(password: string, personal: string[] = []): Promise<void> {
  if (await isGuessable(password, personal)) {
    throw new AppError("validation_failed", PASSWORD_TOO_COMMON, { password: [PASSWORD_TOO_COMMON] });
  }
}
