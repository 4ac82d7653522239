// The schemas' messages follow valibot's `lang` (app/lib/i18n/validation.ts): English exactly as written without a
// language or in English (REST, MTurk), Bengali when the parse is in Bengali and the page's words are registered,
// as the browser registers them (WordsProvider). This file registers words as the browser does, never the server's.
import compile from "icu-minify/compile";
import * as v from "valibot";
import { afterEach, describe, expect, it } from "vitest";
import { bn } from "~/lib/i18n/catalogues/bn";
import { registerValidationWords } from "~/lib/i18n/validation";
import { registerSchema } from "~/lib/schemas/auth";
import { addTaskSchema } from "~/lib/schemas/task";
import { withdrawFormSchema } from "~/lib/schemas/withdrawal";

const messagesOf = (schema: v.GenericSchema, input: unknown, lang?: string) => {
  const result = v.safeParse(schema, input, lang ? { lang } : undefined);
  return result.success ? [] : result.issues.map((i) => i.message);
};

const bengaliWords = () =>
  Object.fromEntries(Object.entries(bn.validation).map(([key, message]) => [key, compile(message)]));

describe("a schema's messages", () => {
  afterEach(() => v.setGlobalConfig({ lang: undefined }));

  it("are the English as written for a parse without a language, or in English, whatever words are loaded", () => {
    registerValidationWords("bn", bengaliWords());
    const english = [
      "Name is required",
      "Email is required",
      "Enter a valid email address",
      "At least 12 characters",
      "Select a role",
    ];
    expect(messagesOf(registerSchema, { name: " ", email: "", password: "short", role: "Boss" })).toEqual(english);
    expect(messagesOf(registerSchema, { name: " ", email: "", password: "short", role: "Boss" }, "en")).toEqual(
      english,
    );
    expect(
      messagesOf(withdrawFormSchema(1065), {
        withdrawal_coin: "5000",
        payment_system: "Bkash",
        account_number: "01712345678",
      }),
    ).toEqual(["You can withdraw at most 1,065 coins."]);
  });

  it("are Bengali for a parse in Bengali, with numbers in Bengali digits", () => {
    registerValidationWords("bn", bengaliWords());
    expect(messagesOf(registerSchema, { name: " ", email: "", password: "short", role: "Boss" }, "bn")).toEqual([
      "নাম দিতে হবে",
      "ইমেইল দিতে হবে",
      "একটি সঠিক ইমেইল ঠিকানা লিখুন",
      "কমপক্ষে ১২টি অক্ষর",
      "একটি ভূমিকা বেছে নিন",
    ]);
    expect(messagesOf(registerSchema.entries.name, "x".repeat(81), "bn")).toEqual(["সর্বোচ্চ ৮০টি অক্ষর"]);
    expect(
      messagesOf(
        withdrawFormSchema(1065),
        { withdrawal_coin: "5000", payment_system: "Bkash", account_number: "017" },
        "bn",
      ),
    ).toEqual(["০১ দিয়ে শুরু ১১ অঙ্কের Bkash নম্বর লিখুন", "আপনি সর্বোচ্চ ১,০৬৫ কয়েন উত্তোলন করতে পারেন।"]);
  });

  it("follow the browser's global language, as a Bengali page sets it", () => {
    registerValidationWords("bn", bengaliWords());
    v.setGlobalConfig({ lang: "bn" });
    expect(messagesOf(addTaskSchema.entries.task_title, "")).toEqual(["টাস্কের শিরোনাম দিতে হবে"]);
    v.setGlobalConfig({ lang: "en" });
    expect(messagesOf(addTaskSchema.entries.task_title, "")).toEqual(["Task Title is required"]);
  });
});
