// A HIT's QualificationRequirements as Coinwork's task requirements (docs/mturk.md, docs/decisions/086), and back:
// MTurk's approval-rate and approved-count qualifications, its Locale (the worker's country), and the requester's own
// qualification types compared Exists, DoesNotExist, GreaterThan(OrEqualTo), EqualTo 100 or NotEqualTo; each with the
// actions it guards (ActionsGuarded, or the older RequiredToPreview). Anything else is refused by name rather than
// ignored, so a HIT never opens to workers its requester meant to keep out. The rules themselves are the eligibility
// service's; this module only translates.
import type { ExtraRequirements } from "../services/eligibility.server";
import { COUNTRY_REQUIREMENT } from "../services/eligibility.server";
import type { Guard } from "~/lib/eligibility";
import { isCountry } from "~/lib/countries";
import { requestError } from "./wire.server";

/** MTurk's system qualifications that Coinwork's task requirements answer (docs/product/quality.md). */
export const APPROVAL_RATE = "000000000000000000L0";
export const NUMBER_APPROVED = "00000000000000000040";
export const LOCALE = "00000000000000000071";
/** MTurk's Masters qualifications (live and sandbox: Masters, Categorization Masters, Photo Moderation Masters). */
const MASTERS = new Set([
  "2F1QJWKUDD8XADTFD2Q0G6UTO95ALH",
  "2ARFPLSP75KLA8M8DH1HTEQVJT3SY6",
  "2NDP2L92HECWY8NS8H3CK0CP5L9GHO",
  "2F1KVCNHMVHV8E9PBUB2A4J79LU20F",
  "21VZU98JHSTLZ5BPP4A9NOBJEK3DPG",
  "2TGBB6BFMFFOM08IBMAFGGESC1UWJX",
]);
/** A score is 0-100: EqualTo 100 is "at least 100", any other EqualTo is not a least score. */
const TOP_SCORE = 100;

/** What a requirement guards, as ActionsGuarded names it. */
const GUARDS: Record<string, Guard | null> = {
  Accept: null,
  PreviewAndAccept: "preview",
  DiscoverPreviewAndAccept: "discover",
};
const GUARD_NAMES: Record<Guard, string> = { preview: "PreviewAndAccept", discover: "DiscoverPreviewAndAccept" };

/**
 * A requirement as kept with its HIT type: [id, comparator, the one IntegerValue or null, and, when given, the
 * countries and the guard]. A requirement without countries or guard keeps the three entries it always had, so its
 * HIT type's digest (HITTypeId) is the one it always was.
 */
export type Kept = [id: string, comparator: string, value: number | null, countries?: string[] | null, guard?: Guard];

/** What the posting takes: the form's approval requirements, the extra ones, and the kept form for the HIT type. */
export interface Translated {
  min_approval_rate: number | null;
  min_approved: number | null;
  extra: ExtraRequirements;
  canonical: string;
}

type Wire = Record<string, unknown>;

function guardOf(q: Wire): Guard | null {
  if (q.ActionsGuarded === undefined || q.ActionsGuarded === null)
    return q.RequiredToPreview === true ? "preview" : null;
  const guard = GUARDS[String(q.ActionsGuarded)];
  if (guard === undefined)
    throw requestError(
      `ActionsGuarded must be Accept, PreviewAndAccept or DiscoverPreviewAndAccept; ${String(q.ActionsGuarded)} is not.`,
    );
  return guard;
}

/** The stricter of two guards (discover hides more than preview, which hides more than none). */
const stricter = (a: Guard | null, b: Guard | null): Guard | null =>
  a === "discover" || b === "discover" ? "discover" : (a ?? b);

/** The countries of a Locale requirement; a subdivision is refused (Coinwork knows a worker's country only). */
function countriesOf(id: string, values: unknown): string[] {
  if (!Array.isArray(values) || values.length === 0 || values.length > 30)
    throw requestError(`The requirement on ${id} needs 1 to 30 LocaleValues.`);
  return values.map((v: Wire) => {
    if (v?.Subdivision !== undefined && v.Subdivision !== null)
      throw requestError(
        `The requirement on ${id} names the subdivision ${String(v.Subdivision)}: Coinwork knows a worker's country, not where in it they are.`,
      );
    const country = typeof v?.Country === "string" ? v.Country.toUpperCase() : "";
    if (!isCountry(country))
      throw requestError(
        `The requirement on ${id} names ${String(v?.Country)}, which is not an ISO 3166-1 country code.`,
      );
    return country;
  });
}

/** The least score of a requirement on the requester's own qualification type, as the task's rule takes it. */
function leastScore(id: string, comparator: unknown, n: number): number {
  if (comparator === "Exists") return 0;
  if (comparator === "GreaterThanOrEqualTo" && n >= 0 && n <= TOP_SCORE) return n;
  if (comparator === "GreaterThan" && n >= 0 && n < TOP_SCORE) return n + 1;
  if (comparator === "EqualTo" && n === TOP_SCORE) return TOP_SCORE;
  throw requestError(
    `The requirement on ${id} compares ${String(comparator)}${Number.isNaN(n) ? "" : ` ${n}`}, which Coinwork cannot apply: use Exists, DoesNotExist, GreaterThanOrEqualTo or GreaterThan with one IntegerValue (scores are 0-100), EqualTo 100, or NotEqualTo.`,
  );
}

/**
 * QualificationRequirements as Coinwork's task requirements. Whether each own qualification type is the requester's
 * is checked by the caller (`ownIdsOf`), which answers MTurk's error for one that is not.
 */
export function requirementsOf(value: unknown): Translated {
  const list = value ?? [];
  if (!Array.isArray(list)) throw requestError("QualificationRequirements must be a list.");
  if (list.length > 20) throw requestError("A HIT has at most 20 QualificationRequirements.");
  const t: Translated = {
    min_approval_rate: null,
    min_approved: null,
    extra: { qualifications: [], exclusions: [], countries: { allowed: [], excluded: [] }, guards: [] },
    canonical: "",
  };
  const kept: Kept[] = [];
  const guards = new Map<string, Guard | null>();
  const guard = (name: string, g: Guard | null) => guards.set(name, stricter(guards.get(name) ?? null, g));
  const seen = new Set<string>();
  let allowedGiven = false;
  let excludedGiven = false;
  for (const q of list as Wire[]) {
    const id = typeof q?.QualificationTypeId === "string" ? q.QualificationTypeId : "";
    if (!id) throw requestError("Each requirement needs its QualificationTypeId.");
    const comparator = q.Comparator;
    const values = q.IntegerValues;
    const n = Array.isArray(values) && values.length === 1 && Number.isInteger(values[0]) ? Number(values[0]) : NaN;
    const g = guardOf(q);
    const keep = (comparator: string, n: number | null, countries: string[] | null = null) =>
      kept.push(
        g ? [id, comparator, n, countries, g] : countries ? [id, comparator, n, countries] : [id, comparator, n],
      );
    if (id === APPROVAL_RATE || id === NUMBER_APPROVED) {
      if ((comparator !== "GreaterThan" && comparator !== "GreaterThanOrEqualTo") || Number.isNaN(n))
        throw requestError(
          `The requirement on ${id} must compare GreaterThan or GreaterThanOrEqualTo with one IntegerValue.`,
        );
      const least = comparator === "GreaterThan" ? n + 1 : n;
      if (id === APPROVAL_RATE) t.min_approval_rate = least;
      else t.min_approved = least;
      guard(id === APPROVAL_RATE ? "approval_rate" : "approved", g);
      keep(comparator, n);
      continue;
    }
    if (id === LOCALE) {
      const countries = countriesOf(id, q.LocaleValues);
      const allowed = comparator === "EqualTo" || comparator === "In";
      if (!allowed && comparator !== "NotEqualTo" && comparator !== "NotIn")
        throw requestError(`The requirement on ${id} must compare EqualTo, NotEqualTo, In or NotIn.`);
      if (allowed ? allowedGiven : excludedGiven)
        throw requestError(
          `A HIT gives at most one Locale requirement of each kind (the countries it is for, and those it is not for).`,
        );
      if (allowed) allowedGiven = true;
      else excludedGiven = true;
      // EqualTo with several countries reads as In, as the tools that send it mean
      t.extra.countries[allowed ? "allowed" : "excluded"] = [...new Set(countries)];
      guard(COUNTRY_REQUIREMENT, g);
      keep(String(comparator), null, countries.sort());
      continue;
    }
    if (MASTERS.has(id))
      throw requestError(
        `QualificationTypeId ${id} is a Masters qualification: Coinwork has no Masters. Use the approval rate (${APPROVAL_RATE}) and the number approved (${NUMBER_APPROVED}) instead.`,
        "AWS.MechanicalTurk.QualificationTypeDoesNotExist",
      );
    if (/^0{8,}/.test(id))
      throw requestError(
        `QualificationTypeId ${id} is not supported by Coinwork: of MTurk's system qualifications only ${APPROVAL_RATE} (approval rate), ${NUMBER_APPROVED} (approved submissions) and ${LOCALE} (Locale).`,
        "AWS.MechanicalTurk.QualificationTypeDoesNotExist",
      );
    if (q.LocaleValues !== undefined)
      throw requestError(`The requirement on ${id} gives LocaleValues: Coinwork's qualifications hold a score only.`);
    if (seen.has(id)) throw requestError(`QualificationTypeId ${id} is required twice: give one requirement for it.`);
    seen.add(id);
    if (comparator === "DoesNotExist") {
      t.extra.exclusions.push({ id, score: null });
      keep(comparator, null);
    } else if (comparator === "NotEqualTo") {
      if (Number.isNaN(n) || n < 0 || n > TOP_SCORE)
        throw requestError(`The requirement on ${id} must compare NotEqualTo with one IntegerValue from 0 to 100.`);
      // as on MTurk, only a worker who holds it can have a score other than n
      t.extra.qualifications.push({ id, minScore: 0 });
      t.extra.exclusions.push({ id, score: n });
      keep(comparator, n);
    } else {
      t.extra.qualifications.push({ id, minScore: leastScore(id, comparator, n) });
      keep(String(comparator), comparator === "Exists" ? null : n);
    }
    guard(id, g);
  }
  t.extra.guards = [...guards].flatMap(([requirement, g]) => (g ? [{ requirement, guard: g }] : []));
  t.canonical = JSON.stringify(kept.sort());
  return t;
}

/** The requester's own qualification types a translation names (each must be theirs). */
export const ownIdsOf = (t: Translated): string[] => [
  ...new Set([...t.extra.qualifications, ...t.extra.exclusions].map((q) => q.id)),
];

/** A kept requirement back in the wire's shape. */
export function wireRequirement([id, comparator, n, countries, guard]: Kept) {
  return {
    QualificationTypeId: id,
    Comparator: comparator,
    ...(n === null ? {} : { IntegerValues: [n] }),
    ...(countries ? { LocaleValues: countries.map((Country) => ({ Country })) } : {}),
    RequiredToPreview: guard !== undefined,
    ActionsGuarded: guard ? GUARD_NAMES[guard] : "Accept",
  };
}

/** A page task's requirements (hits.server.ts, pageRequirements) in the wire's shape: each guards accepting only. */
export function pageRequirementsWire(json: string | null) {
  const read = JSON.parse(json ?? "{}") as {
    rate?: number | null;
    approved?: number | null;
    qualifications?: [string, number][] | null;
  };
  const kept: Kept[] = [];
  if (read.rate !== null && read.rate !== undefined) kept.push([APPROVAL_RATE, "GreaterThanOrEqualTo", read.rate]);
  if (read.approved !== null && read.approved !== undefined)
    kept.push([NUMBER_APPROVED, "GreaterThanOrEqualTo", read.approved]);
  for (const [id, least] of read.qualifications ?? [])
    kept.push(least === 0 ? [id, "Exists", null] : [id, "GreaterThanOrEqualTo", least]);
  return kept.map(wireRequirement);
}
