// Numbers, money and dates in a person's language (docs/decisions/097-words-in-two-languages.md). English keeps the
// hand-written forms of app/lib/format.ts (no Intl on pages that show only counts); Bengali goes through Intl's
// bn-BD: Bengali digits and grouping (১২,৩৪,৫৬৭), bn-BD's date forms, a 24-hour clock and the zone by its name.
import { formatCount, formatDate, formatDateTime, formatDayOf, formatDollars } from "../format";
import { FALLBACK_TIME_ZONE } from "../time-zone";
import { LOCALES, type Language } from "./languages";

export interface Formats {
  language: Language;
  /** a count, "12,345" / "১২,৩৪৫" */
  count(n: number): string;
  /** cents as dollars, "$1,234.50" / "১,২৩৪.৫০$"; `dropZeroCents` writes whole dollars as "$10", `symbol: false` the number alone */
  dollars(cents: number, options?: { symbol?: boolean; dropZeroCents?: boolean }): string;
  /** poisha (hundredths of a taka) as taka, "৳1,215.00" / "১,২১৫.০০৳" */
  taka(poisha: number): string;
  /** an instant with its day, time and zone, in `timeZone` */
  dateTime(ms: number, timeZone: string): string;
  /** the day an instant falls on in `timeZone` */
  day(ms: number, timeZone: string): string;
  /** a calendar day (YYYY-MM-DD), the same in every zone */
  date(isoDate: string): string;
  /** a year, without grouping: "2026" / "২০২৬" */
  year(year: number): string;
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${language}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.NumberFormat(LOCALES[language], options)));
  return f;
}
function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${language}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(LOCALES[language], options);
    } catch {
      return dateFormat(language, { ...options, timeZone: FALLBACK_TIME_ZONE }); // an unknown zone
    }
    cache.set(key, f);
  }
  return f;
}

const ENGLISH_TAKA: Intl.NumberFormatOptions = {
  style: "currency",
  currency: "BDT",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 2,
};

const english: Formats = {
  language: "en",
  count: formatCount,
  dollars: formatDollars,
  taka: (poisha) => numberFormat("en", ENGLISH_TAKA).format(poisha / 100),
  dateTime: formatDateTime,
  day: formatDayOf,
  date: formatDate,
  year: (year) => String(year),
};

const BENGALI_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "shortGeneric",
};

const bengali: Formats = {
  language: "bn",
  count: (n) => numberFormat("bn").format(n),
  dollars: (cents, { symbol = true, dropZeroCents = false } = {}) => {
    const fraction = dropZeroCents && cents % 100 === 0 ? 0 : 2;
    const options: Intl.NumberFormatOptions = { minimumFractionDigits: fraction, maximumFractionDigits: fraction };
    return numberFormat(
      "bn",
      symbol ? { ...options, style: "currency", currency: "USD", currencyDisplay: "narrowSymbol" } : options,
    ).format(cents / 100);
  },
  taka: (poisha) => numberFormat("bn", ENGLISH_TAKA).format(poisha / 100),
  dateTime: (ms, timeZone) => dateFormat("bn", { ...BENGALI_DATE_TIME, timeZone }).format(ms),
  day: (ms, timeZone) => dateFormat("bn", { dateStyle: "medium", timeZone }).format(ms),
  date: (isoDate) =>
    dateFormat("bn", { dateStyle: "medium", timeZone: "UTC" }).format(Date.parse(`${isoDate}T00:00:00Z`)),
  year: (year) => numberFormat("bn", { useGrouping: false }).format(year),
};

/** The formats of `language`. */
export const formatsOf = (language: Language): Formats => (language === "bn" ? bengali : english);
