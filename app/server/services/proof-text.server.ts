// The fingerprint of a proof text, for the copied-proof check (decision 090): the text folded (lower case, every run of characters other than letters and digits one space), the
// hash of that for identical texts, and MinHash bands of its 5-character shingles for nearly identical ones. Short
// texts ("done", "Completed, code 1234") say too little to tell a copy: they get no fingerprint.

/** Folded texts shorter than this are not compared. */
export const TEXT_MIN_CHARS = 40;
/** Two texts whose shingles overlap this much (Jaccard) or more are nearly identical. */
export const TEXT_NEAR_SIMILARITY = 0.8;
/** Shingles: runs of this many characters of the folded text. */
const SHINGLE = 5;
/** MinHash bands of BAND_ROWS values each: texts with Jaccard 0.8 share one in 98.5 % of cases, 0.9 in 99.99 %. */
export const TEXT_BANDS = 8;
const BAND_ROWS = 4;

/** The text as it is compared: NFKC, lower case, letters and digits with one space between runs of them. */
export function foldedText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Murmur3's finaliser: a bijection of 32-bit numbers that spreads every input bit. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a string (Murmur3's mixing over its UTF-16 units). */
function hash32(text: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
  }
  return mix32(h ^ text.length);
}

const hex8 = (n: number) => n.toString(16).padStart(8, "0");

/** The distinct shingles of a folded text. */
function shingles(folded: string): Set<string> {
  const set = new Set<string>();
  for (let i = 0; i + SHINGLE <= folded.length; i++) set.add(folded.slice(i, i + SHINGLE));
  return set;
}

/** One seed per MinHash function. */
const SEEDS = Array.from({ length: TEXT_BANDS * BAND_ROWS }, (_, i) => mix32(0x9e3779b9 + i));

export interface TextFingerprint {
  /** 64 bits of the folded text's hash, as 16 hex digits */
  exact: string;
  /** TEXT_BANDS band keys, unsigned 32-bit numbers */
  bands: number[];
}

/** The text's fingerprint, or null when its folded form is shorter than TEXT_MIN_CHARS. */
export function textFingerprint(text: string): TextFingerprint | null {
  const folded = foldedText(text);
  if (folded.length < TEXT_MIN_CHARS) return null;
  const mins = SEEDS.map(() => 0xffffffff);
  for (const shingle of shingles(folded)) {
    const base = hash32(shingle, 0);
    for (let i = 0; i < SEEDS.length; i++) {
      const h = mix32(base ^ SEEDS[i]!);
      if (h < mins[i]!) mins[i] = h;
    }
  }
  const bands = Array.from({ length: TEXT_BANDS }, (_, band) =>
    mins.slice(band * BAND_ROWS, (band + 1) * BAND_ROWS).reduce((h, v) => mix32(h ^ v), band + 1),
  );
  return { exact: hex8(hash32(folded, 0x9747b28c)) + hex8(hash32(folded, 0x5bd1e995)), bands };
}

/**
 * What identifies a proof's own work: links and e-mail addresses, and words of 4 characters or more with a digit
 * (order numbers, codes, phone numbers).
 */
export function identifiersOf(text: string): Set<string> {
  const lower = text.normalize("NFKC").toLowerCase();
  const links = /(?:https?:\/\/|www\.)\S+|[^\s@]+@[^\s@]+\.[^\s@]+/gu;
  const found = new Set([...lower.matchAll(links)].map((m) => m[0].replace(/[.,;:!?)\]}'"]+$/u, "")));
  for (const [word] of lower.replace(links, " ").matchAll(/[\p{L}\p{N}_-]+/gu))
    if (word.length >= 4 && /\p{N}/u.test(word)) found.add(word);
  return found;
}

/** How much two texts' shingles overlap (Jaccard, 0 to 1), folded. */
export function textSimilarity(a: string, b: string): number {
  const x = shingles(foldedText(a));
  const y = shingles(foldedText(b));
  let shared = 0;
  for (const s of x) if (y.has(s)) shared++;
  const all = x.size + y.size - shared;
  return all === 0 ? 1 : shared / all;
}

/**
 * Whether `copy` nearly duplicates `original`: both long enough, the same once folded, or overlapping by
 * TEXT_NEAR_SIMILARITY and not naming different work (when both name identifiers, they share one: two workers who
 * write the same sentence around their own links sent different work).
 */
export function nearlyIdenticalTexts(original: string, copy: string): boolean {
  const a = foldedText(original);
  const b = foldedText(copy);
  if (a.length < TEXT_MIN_CHARS || b.length < TEXT_MIN_CHARS) return false;
  if (a === b) return true;
  const mine = identifiersOf(original);
  const theirs = identifiersOf(copy);
  if (mine.size > 0 && theirs.size > 0 && ![...mine].some((id) => theirs.has(id))) return false;
  return textSimilarity(original, copy) >= TEXT_NEAR_SIMILARITY;
}
