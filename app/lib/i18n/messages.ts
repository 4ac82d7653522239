// Messages compiled from the ICU source (icu-minify, docs/decisions/097-words-in-two-languages.md) and how they are
// formatted: the same code on the server and in the browser. The browser never parses ICU: the server compiles the
// catalogues (words.server.ts) and hands a page the compiled words of its namespaces.
import format from "icu-minify/format";
import type { CompiledMessage, FormatValues } from "icu-minify/format";
import type { Catalogue } from "./catalogues/en";
import { formatCount } from "../format";
import { LOCALES, type Language } from "./languages";

export type Namespace = keyof Catalogue;
export type Key<N extends Namespace> = keyof Catalogue[N] & string;
/** The values of a message: text and numbers, dates, and for rich messages a function per tag. */
export type Values<Element = never> = Record<
  string,
  string | number | Date | ((chunks: Array<string | Element>) => Element)
>;
/**
 * Words a service composes for a person (a refusal, the reason a page gives): their English, which the REST and MTurk
 * APIs answer as it is, and the `errors` catalogue's key and values that say them on a page in its language
 * (docs/decisions/106); without a key, a fixed message found in the catalogues by its English. A value written in
 * words (a country's name, an amount of money) is made by a function of the language.
 */
export interface Said {
  english: string;
  key?: Key<"errors">;
  values?: SaidValues;
}
export type SaidValues = Values | ((language: Language) => Values);

/** The compiled words of some namespaces, as a page receives them. */
export type CompiledWords = Partial<Record<Namespace, Record<string, CompiledMessage>>>;

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
// a plain English count is written without Intl (app/lib/format.ts): the first Intl formatter a page builds loads the
// locale's data, which a landing page showing only counts never needs
const englishCount = { format: (n: number) => formatCount(n) } as Intl.NumberFormat;

const FORMATTERS = {
  getNumberFormat(locale?: string | string[], options?: Intl.NumberFormatOptions): Intl.NumberFormat {
    if (locale === LOCALES.en && !options) return englishCount;
    const key = `${String(locale)}|${JSON.stringify(options ?? {})}`;
    let f = numberFormats.get(key);
    if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
    return f;
  },
  getPluralRules(locale?: string | string[], options?: Intl.PluralRulesOptions): Intl.PluralRules {
    const key = `${String(locale)}|${options?.type ?? "cardinal"}`;
    let r = pluralRules.get(key);
    if (!r) pluralRules.set(key, (r = new Intl.PluralRules(locale, options)));
    return r;
  },
  getDateTimeFormat(locale?: string | string[], options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    const key = `${String(locale)}|${JSON.stringify(options ?? {})}`;
    let f = dateTimeFormats.get(key);
    if (!f) dateTimeFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
    return f;
  },
};

/**
 * A compiled message with its values, in `language`: a string, or for a message with tags the parts their functions
 * made. A message that is missing (a namespace the page did not load) is written as its key, so a test sees it.
 */
export function formatMessage<Element = never>(
  message: CompiledMessage | undefined,
  key: string,
  language: Language,
  values?: Values<Element>,
): string | Element | Array<string | Element> {
  if (message === undefined) return key;
  return format<Element>(message, LOCALES[language], values as FormatValues<Element>, { formatters: FORMATTERS });
}

/** A message that has no tags, as text. */
export function formatText(
  message: CompiledMessage | undefined,
  key: string,
  language: Language,
  values?: Values,
): string {
  const out = formatMessage(message, key, language, values);
  return Array.isArray(out) ? out.join("") : String(out);
}
