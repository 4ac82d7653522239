// The catalogues (complete, valid ICU, the same values and tags in both languages, every English word translated,
// plurals right in both), the choice of a visitor's language, and numbers and dates in Bengali.
import compile from "icu-minify/compile";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { bn } from "~/lib/i18n/catalogues/bn";
import { en } from "~/lib/i18n/catalogues/en";
import { formatsOf } from "~/lib/i18n/format";
import { languageOfAcceptLanguage, parseLanguage } from "~/lib/i18n/languages";
import { formatText } from "~/lib/i18n/messages";
import { PAGE_NAMESPACES, pageWords, type PageWords } from "~/lib/i18n/pages";
import { compiledNamespaces, compiledWords, serverWords } from "~/lib/i18n/words.server";

type Flat = Record<string, string>;
const flat = (catalogue: Record<string, Record<string, string>>): Flat =>
  Object.fromEntries(
    Object.entries(catalogue).flatMap(([ns, words]) => Object.entries(words).map(([k, m]) => [`${ns}.${k}`, m])),
  );
const EN = flat(en);
const BN = flat(bn);

/** The values, tags and plural/select branches a message uses, as a sorted list (what a translation must keep). */
function shapeOf(message: string): string[] {
  const out = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time)
        out.add(`value:${e.value}`);
      if (e.type === TYPE.tag) {
        out.add(`tag:${e.value}`);
        walk(e.children);
      }
      if (e.type === TYPE.plural || e.type === TYPE.select) {
        out.add(`${e.type === TYPE.plural ? "plural" : "select"}:${e.value}`);
        if (e.type === TYPE.select) for (const option of Object.keys(e.options)) out.add(`option:${e.value}:${option}`);
        for (const option of Object.values(e.options)) walk(option.value);
      }
    }
  };
  walk(parse(message, { requiresOtherClause: true }));
  return [...out].sort();
}

/** Names written the same in every language: the brand, payment methods, protocols and units. */
const SAME_IN_EVERY_LANGUAGE =
  /\b(?:Coinwork|Bkash|Nagad|Rocket|Stripe|MTurk|Mechanical Turk|Google|API|CSV|JSON|URL|HIT|HITs|ID|USD|BDT|Atom|GMT)\b/g;
const BENGALI = /[\u0980-\u09ff]/;

/** The words of a message a reader reads: its literal text in every branch, without the names kept as they are. */
function readableWords(message: string): string {
  const out: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.literal) out.push(e.value);
      if (e.type === TYPE.tag) walk(e.children);
      if (e.type === TYPE.plural || e.type === TYPE.select) for (const o of Object.values(e.options)) walk(o.value);
    }
  };
  walk(parse(message));
  return out.join(" ").replace(SAME_IN_EVERY_LANGUAGE, " ");
}

describe("the catalogues", () => {
  it("have the same namespaces and keys in English and Bengali", () => {
    expect(Object.keys(bn).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(BN).sort()).toEqual(Object.keys(EN).sort());
  });

  it("hold valid ICU messages, each with an `other` branch for every plural and select", () => {
    for (const [key, message] of [...Object.entries(EN), ...Object.entries(BN)]) {
      expect(() => parse(message, { requiresOtherClause: true }), key).not.toThrow();
      expect(() => compile(message), key).not.toThrow();
    }
  });

  it("keep each message's values, tags and branches in the translation", () => {
    const differing = Object.keys(EN).filter((key) => shapeOf(EN[key]!).join() !== shapeOf(BN[key]!).join());
    expect(differing).toEqual([]);
  });

  it("translate every English word: a message with words to read has Bengali letters in bn", () => {
    const untranslated = Object.keys(EN).filter((key) => {
      const words = readableWords(EN[key]!);
      return /[A-Za-z]{2,}/.test(words) && !BENGALI.test(BN[key]!);
    });
    expect(untranslated).toEqual([]);
  });

  it("leave no English word in a Bengali message but the names kept as they are", () => {
    const mixed = Object.keys(BN).filter((key) => /[A-Za-z]{2,}/.test(readableWords(BN[key]!)));
    expect(mixed).toEqual([]);
  });

  it("write plurals right in both languages", () => {
    const coins = (language: "en" | "bn", count: number) => serverWords(language, "common")("coins", { count });
    expect([0, 1, 2, 1065].map((n) => coins("en", n))).toEqual(["0 coins", "1 coin", "2 coins", "1,065 coins"]);
    expect([0, 1, 2, 1065].map((n) => coins("bn", n))).toEqual(["০ কয়েন", "১ কয়েন", "২ কয়েন", "১,০৬৫ কয়েন"]);
  });

  it("are handed to a page compiled, and formatted there as on the server", () => {
    const words = compiledNamespaces("bn", ["common"]);
    expect(formatText(words.common?.coins, "common.coins", "bn", { count: 3 })).toBe("৩ কয়েন");
    // a key the page did not receive is written as itself, which a test then sees
    expect(formatText(undefined, "worker.missing", "bn")).toBe("worker.missing");
  });
});

describe("a visitor's language", () => {
  it("is Bengali when the browser prefers bn, English otherwise", () => {
    expect(languageOfAcceptLanguage("bn-BD,bn;q=0.9,en-US;q=0.8")).toBe("bn");
    expect(languageOfAcceptLanguage("bn")).toBe("bn");
    expect(languageOfAcceptLanguage("en-US,en;q=0.9,bn;q=0.8")).toBe("en");
    expect(languageOfAcceptLanguage("en;q=0.5, bn;q=0.7")).toBe("bn");
    expect(languageOfAcceptLanguage("fr-FR,fr;q=0.9")).toBe("en");
    expect(languageOfAcceptLanguage("fr-FR, bn;q=0.4")).toBe("bn");
    expect(languageOfAcceptLanguage("bn;q=0, en")).toBe("en");
    expect(languageOfAcceptLanguage("")).toBe("en");
    expect(languageOfAcceptLanguage(null)).toBe("en");
    expect(languageOfAcceptLanguage("garbage;;;q=x,,")).toBe("en");
  });

  it("is only one of the languages offered", () => {
    expect(parseLanguage("bn")).toBe("bn");
    expect(parseLanguage("en")).toBe("en");
    expect(parseLanguage("fr")).toBeNull();
    expect(parseLanguage(undefined)).toBeNull();
  });

  it("comes with the words its route's code names, for who reads it, and no other", () => {
    /** whether a page's words hold `key` of `ns`: by name, or with all of its section (`section.*`) */
    const holds = (words: PageWords, ns: keyof PageWords, key: string) =>
      Boolean(words[ns]?.includes(key) || words[ns]?.includes(`${key.split(".")[0]}.*`));
    const landing = pageWords("/", null);
    expect(holds(landing, "public", "hero.next")).toBe(true);
    // a public page names no role's words (the landing page once got every role's `home` section)
    expect(landing.worker ?? landing.buyer ?? landing.admin).toBeUndefined();
    const taskList = pageWords("/dashboard/tasklist", "Worker");
    expect(holds(taskList, "worker", "taskCard.viewDetails")).toBe(true);
    expect(holds(taskList, "worker", "withdrawForm.title")).toBe(false);
    // its forms are searches: no schema of it is parsed in the browser, so no validation message; nor the public site's
    expect(taskList.validation).toBeUndefined();
    expect(taskList.public).toBeUndefined();
    // the Withdrawals form is checked in the browser by its schema: its messages, and not those of other forms
    const withdraw = pageWords("/dashboard/withdraw", "Worker");
    expect(holds(withdraw, "worker", "withdrawForm.title")).toBe(true);
    expect(holds(withdraw, "validation", "withdraw.overBalance")).toBe(true);
    expect(holds(withdraw, "validation", "withdraw.coinsRequired")).toBe(true);
    expect(holds(withdraw, "validation", "task.titleRequired")).toBe(false);
    expect(holds(withdraw, "validation", "purchase.choosePackage")).toBe(false);
    // a page every role opens: each role gets what its own components show (Settings' blocked workers are a buyer's)
    expect(pageWords("/dashboard/settings", "Buyer").buyer?.length).toBeGreaterThan(0);
    expect(pageWords("/dashboard/settings", "Worker").buyer).toBeUndefined();
    expect(pageWords("/login", null).auth?.length).toBeGreaterThan(0);
    // a client's data request for a page gets the page's words
    expect(pageWords("/dashboard/tasklist.data", "Worker")).toBe(taskList);
    expect(pageWords("/_root.data", null)).toBe(landing);
    // two pages of one route share one selection (root.tsx revalidates when it changes)
    expect(pageWords("/dashboard/tasklist/a", "Worker")).toBe(pageWords("/dashboard/tasklist/b", "Worker"));
    // compiled, exactly the keys it holds
    const sent = compiledWords("en", taskList);
    for (const ns of PAGE_NAMESPACES)
      for (const key of Object.keys(en[ns]))
        expect(key in (sent[ns] ?? {}), `${ns}.${key}`).toBe(holds(taskList, ns, key));
    expect(sent.common?.coins).toBeDefined();
    expect(compiledWords("en", taskList)).toBe(sent);
  });
});

describe("numbers, money and dates in Bengali", () => {
  const f = formatsOf("bn");
  const at = Date.UTC(2026, 10, 28, 6, 5);
  it("use Bengali digits and grouping", () => {
    expect(f.count(1234567)).toBe("১২,৩৪,৫৬৭");
    expect(f.dollars(123450)).toBe("১,২৩৪.৫০$");
    expect(f.dollars(1000, { dropZeroCents: true })).toBe("১০$");
    expect(f.dollars(150, { symbol: false })).toBe("১.৫০");
    expect(f.taka(121500)).toBe("১,২১৫.০০৳");
  });
  it("write dates in bn-BD's forms on a 24-hour clock, in the visitor's zone", () => {
    expect(f.dateTime(at, "Asia/Dhaka")).toBe("২৮ নভেম্বর, ২০২৬ এ ১২:০৫ বাংলাদেশ সময়");
    expect(f.day(at, "Asia/Dhaka")).toBe("২৮ নভে, ২০২৬");
    expect(f.date("2026-11-30")).toBe("৩০ নভে, ২০২৬");
    expect(f.dateTime(at, "Not/AZone")).toContain("২০২৬");
  });
  it("leave English as it was", () => {
    const e = formatsOf("en");
    expect(e.count(1234567)).toBe("1,234,567");
    expect(e.dollars(123450)).toBe("$1,234.50");
    expect(e.taka(121500)).toBe("৳1,215.00");
  });
});
