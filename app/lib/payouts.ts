// Where a withdrawal's money goes, per payment system (docs/product/coins.md, "Withdrawing"): what the worker types,
// on which keyboard, and what the server accepts. The withdrawal schema (lib/schemas/money.ts, for the page and
// POST /withdraw alike) and the Withdrawals form both read these rules.
import { PAYMENT_SYSTEMS, type PaymentSystem } from "./coins";

/** Bangladeshi mobile wallets: the account is the wallet's mobile number. */
export const MOBILE_WALLETS = ["Bkash", "Rocket", "Nagad"] as const satisfies readonly PaymentSystem[];

export const isPaymentSystem = (s: unknown): s is PaymentSystem => PAYMENT_SYSTEMS.includes(s as PaymentSystem);
export const isMobileWallet = (s: string) => (MOBILE_WALLETS as readonly string[]).includes(s);

/** A Bangladeshi mobile number as wallets use it: 11 digits starting 01 (spaces and dashes typed between are dropped). */
const WALLET_NUMBER = /^01\d{9}$/;
/** A bank account number: 6 to 20 digits. */
const BANK_ACCOUNT = /^\d{6,20}$/;
/** An account described in words (Others): long enough to name a service and an account on it. */
export const OTHERS_MIN_LENGTH = 5;

/** The account as stored: digits only for wallets and banks (people type "017-1234 5678"), else as typed. */
export function normalAccount(system: string, account: string): string {
  return system === "Others" ? account.trim() : account.replace(/[\s-]/g, "");
}

export const bankNameRequired = "Bank name is required";
export const bankBranchRequired = "Branch or routing number is required";

/** Why this account cannot receive a payout through this system, or null when it can. */
export function accountProblem(system: string, account: string): string | null {
  const typed = normalAccount(system, account);
  if (isMobileWallet(system))
    return WALLET_NUMBER.test(typed) ? null : `Enter the 11-digit ${system} number, starting 01`;
  if (system === "Bank") return BANK_ACCOUNT.test(typed) ? null : "Enter the bank account number: 6 to 20 digits";
  return typed.length >= OTHERS_MIN_LENGTH ? null : "Write the service and your account on it";
}

export interface PayoutDetails {
  payment_system: string;
  account_number: string;
  bank_name?: string | null;
  bank_branch?: string | null;
}

/** A stored withdrawal's payout (its columns) as one value, in the form's fields: what payoutLine and the pages show. */
export const payoutOf = (w: {
  paymentSystem: string;
  accountNumber: string;
  bankName: string | null;
  bankBranch: string | null;
}): PayoutDetails => ({
  payment_system: w.paymentSystem,
  account_number: w.accountNumber,
  bank_name: w.bankName,
  bank_branch: w.bankBranch,
});

/** "Bkash 01712345678", or "Bank 1234567890 · Dutch-Bangla Bank · Gulshan branch": a payout in one line. */
export function payoutLine(p: PayoutDetails): string {
  const parts = [`${p.payment_system} ${p.account_number}`, p.bank_name, p.bank_branch].filter(Boolean);
  return parts.join(" · ");
}

/** An account younger than this is named as new among a payout's risk signals. */
export const NEW_ACCOUNT_DAYS = 7;
const DAY = 86_400_000;

export interface PayoutRiskFacts {
  /** buyers who block the worker */
  blockedBy: number;
  /** the worker's proofs flagged as copies of another worker's */
  copyFlags: number;
  /** when the worker's account was made */
  joinedAt: number;
}

/** One signal: what it is, its number (days, months, buyers, flags; 0 for an account made today), and whether it warns. */
export interface PayoutRisk {
  kind: "madeToday" | "ageDays" | "ageMonths" | "blockedBy" | "copyFlags";
  count: number;
  warning: boolean;
}

/**
 * What an admin should weigh before paying a worker out, each marked as a warning or not: the account's age always
 * (in days under 60, else months; a warning while it is new), blocks and copied-proof flags when there are any. The
 * page puts them in words.
 */
export function payoutRisks(f: PayoutRiskFacts, now: number): PayoutRisk[] {
  const days = Math.floor(Math.max(0, now - f.joinedAt) / DAY);
  const warning = days < NEW_ACCOUNT_DAYS;
  const risks: PayoutRisk[] = [
    days < 1
      ? { kind: "madeToday", count: 0, warning }
      : days < 60
        ? { kind: "ageDays", count: days, warning }
        : { kind: "ageMonths", count: Math.floor(days / 30), warning },
  ];
  if (f.blockedBy > 0) risks.push({ kind: "blockedBy", count: f.blockedBy, warning: true });
  if (f.copyFlags > 0) risks.push({ kind: "copyFlags", count: f.copyFlags, warning: true });
  return risks;
}
