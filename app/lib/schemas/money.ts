import * as v from "valibot";
import { said } from "../i18n/validation";
import { COIN_PACKAGES, findPackage, PAYMENT_SYSTEMS } from "../coins";
import { accountProblem, bankBranchRequired, bankNameRequired, normalAccount } from "../payouts";
import { imageUrl, optionalText, requiredText, wholeNumber } from "./fields";
import { checkAnswerField } from "./check";

/** Why this account cannot receive a payout through this system (lib/payouts.ts), in the parse's language. */
function accountProblemSaid(system: string, account: string) {
  const english = accountProblem(system, account);
  if (english === null) return null;
  if (system === "Bank") return said("withdraw.bankAccount", english);
  if (system === "Others") return said("withdraw.otherAccount", english);
  return said("withdraw.walletNumber", english, { system });
}

/**
 * A withdrawal request (the Withdrawals form and POST /withdraw): the coins, and where the money goes, checked per
 * payment system (lib/payouts.ts), each message under its field. The account is stored as `normalAccount` makes it;
 * the bank's name and branch only for Bank.
 */
export const withdrawSchema = v.pipe(
  v.object({
    withdrawal_coin: wholeNumber(
      said("withdraw.coinsRequired", "Coins to withdraw are required"),
      1,
      said("withdraw.minimumOne", "Minimum 1 coin"),
      100_000_000,
    ),
    payment_system: v.picklist(PAYMENT_SYSTEMS, said("withdraw.selectSystem", "Select a payment system")),
    account_number: requiredText(said("withdraw.accountRequired", "Account number is required"), 64),
    bank_name: optionalText(80),
    bank_branch: optionalText(80),
  }),
  v.forward(
    v.partialCheck(
      [["payment_system"], ["account_number"]],
      (i) => accountProblem(i.payment_system, i.account_number) === null,
      (issue) => {
        const i = issue.input as { payment_system: string; account_number: string };
        return accountProblemSaid(i.payment_system, i.account_number)?.(issue) ?? "";
      },
    ),
    ["account_number"],
  ),
  v.forward(
    v.partialCheck(
      [["payment_system"], ["bank_name"]],
      (i) => i.payment_system !== "Bank" || !!i.bank_name,
      said("withdraw.bankNameRequired", bankNameRequired),
    ),
    ["bank_name"],
  ),
  v.forward(
    v.partialCheck(
      [["payment_system"], ["bank_branch"]],
      (i) => i.payment_system !== "Bank" || !!i.bank_branch,
      said("withdraw.bankBranchRequired", bankBranchRequired),
    ),
    ["bank_branch"],
  ),
  v.transform((i) => {
    const bank = i.payment_system === "Bank";
    return {
      ...i,
      account_number: normalAccount(i.payment_system, i.account_number),
      bank_name: bank ? (i.bank_name ?? "") : null,
      bank_branch: bank ? (i.bank_branch ?? "") : null,
    };
  }),
);

const choosePackage = said("purchase.choosePackage", "Choose a package");
const unknownPackage = said("purchase.unknownPackage", "Unknown coin package");

export const purchaseSchema = v.object({
  coins: v.pipe(
    wholeNumber(choosePackage, 1, choosePackage),
    v.check((c) => COIN_PACKAGES.some((p) => p.coins === c), unknownPackage),
  ),
});

export const SUBMISSION_TEXT_REQUIRED = "Submission text is required";
export const SUBMISSION_TEXT_MAX = 4000;
const submissionTextRequired = said("submission.textRequired", SUBMISSION_TEXT_REQUIRED);

/** A worker's proof: the text is required, the image optional (the product's original specification); the page and POST /submission alike. */
export const submissionSchema = v.object({
  task_id: requiredText(said("submission.taskRequired", "Task is required"), 64),
  submission_details: requiredText(submissionTextRequired, SUBMISSION_TEXT_MAX),
  submission_image_url: imageUrl,
  ...checkAnswerField,
});

/**
 * The proof form of a page (a new submission, or a pending one edited): the text, and an image kept from an earlier
 * step (`image_url`, an upload the review step stored, or the submission's own when editing) while `keep_image` is
 * ticked. A new file in the form's `image` field replaces it.
 */
export const proofFormSchema = v.object({
  submission_details: requiredText(submissionTextRequired, SUBMISSION_TEXT_MAX),
  image_url: imageUrl,
  keep_image: v.optional(v.literal("on")),
  ...checkAnswerField,
});

/** The image a proof form sends: a new upload, else the kept one, else none. */
export const proofImage = (input: v.InferOutput<typeof proofFormSchema>, uploaded: string | null): string =>
  uploaded ?? (input.keep_image ? (input.image_url ?? "") : "");

export const rejectSchema = v.object({
  reason: optionalText(500),
});

export const adjustCoinsSchema = v.object({
  addcoin: v.pipe(
    wholeNumber("addcoin is required", -10_000_000, "Invalid Input", 10_000_000),
    v.check((n) => n !== 0, "addcoin cannot be 0"),
  ),
  reason: requiredText("A reason is required", 500),
});

const coinsField = v.pipe(
  v.string(said("purchase.chooseCoinPackage", "Choose a coin package")),
  v.transform(Number),
  v.check((n) => findPackage(n) !== undefined, unknownPackage),
);
/** The Purchase Coin page's steps: create a payment, confirm it, or (without JavaScript, in test mode) pay in one post. */
export const purchaseStepSchema = v.variant("intent", [
  v.object({ intent: v.literal("create"), coins: coinsField }),
  v.object({
    intent: v.literal("confirm"),
    paymentId: v.pipe(v.string("Missing payment"), v.nonEmpty("Missing payment"), v.maxLength(200)),
  }),
  // Without JavaScript in test mode: one form post runs all three steps.
  v.object({
    intent: v.literal("pay"),
    coins: coinsField,
    number: v.pipe(v.string(), v.maxLength(30)),
    exp: v.pipe(v.string(), v.maxLength(10)),
    cvc: v.pipe(v.string(), v.maxLength(6)),
  }),
]);
