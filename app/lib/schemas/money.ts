import * as v from "valibot";
import { COIN_PACKAGES, PAYMENT_SYSTEMS } from "../coins";
import { imageUrl, optionalText, requiredText, wholeNumber } from "./fields";

export const withdrawSchema = v.object({
  withdrawal_coin: wholeNumber("Coins to withdraw are required", 1, "Minimum 1 coin", 100_000_000),
  payment_system: v.picklist(PAYMENT_SYSTEMS, "Select a payment system"),
  account_number: requiredText("Account number is required", 64),
});

export const purchaseSchema = v.object({
  coins: v.pipe(
    wholeNumber("Choose a package", 1, "Choose a package"),
    v.check((c) => COIN_PACKAGES.some((p) => p.coins === c), "Unknown coin package"),
  ),
});

export const submissionSchema = v.object({
  task_id: requiredText("Task is required", 64),
  submission_details: optionalText(4000),
  submission_image_url: imageUrl,
});

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
