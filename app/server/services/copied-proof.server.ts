// Copied proof (docs/product/quality.md; docs/decisions/047-copied-proof-by-perceptual-hash.md and
// 090-copied-proof-the-earliest-is-the-original.md): a submission's proof image and proof text are compared with the
// other workers' proof on the same buyer's tasks of the COPY_WINDOW_DAYS before it. Of near duplicates the one first
// sent is the original: each proof keeps when its submission first carried it (`first_at`, kept by an edit that keeps
// the image or the text), and only a later one is flagged, naming the earliest (`copy_of`). When a proof changes or
// its submission is withdrawn, the flags that name it, and those it may now explain, are judged again.
//
// Both lookups go through indexes by buyer and band (proof_images, proof_texts: migrations/0072): a few seeks, each
// reading at most CANDIDATES_PER_KEY rows, so their cost does not grow with the proof stored. The flags are advice,
// never a rule: judging happens after the submission's batch, and a failure is logged, never undoing the submission.
import { eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { proofImages, proofTexts, submissions } from "../db/schema";
import { IMAGE_PATH } from "~/lib/schemas/fields";
import { hammingDistance, hashBands, perceptualHash } from "./proof-hash.server";
import { nearlyIdenticalTexts, textFingerprint, type TextFingerprint } from "./proof-text.server";

/**
 * Two proof images at most this many bits apart (of 128) are near duplicates. A copy resized and recompressed
 * differs in up to about 8 bits, another picture (even a screenshot of the same page's layout) in 17 or more; the
 * band lookup finds every pair within 7 bits, and nearly every one within 10 (proof-hash.server.ts, hashBands).
 */
export const NEAR_DUPLICATE_BITS = 10;
/** How far back from a proof the others are compared. */
export const COPY_WINDOW_DAYS = 90;
const WINDOW_MS = COPY_WINDOW_DAYS * 86_400_000;
/**
 * At most this many proofs are read per key looked up (a band, or the exact text), earliest first: a buyer whose
 * workers all send the same picture or sentence cannot make the check slow. An identical text is always found.
 */
const CANDIDATES_PER_KEY = 16;

/** A submission's proof as judged: its own row. */
interface Proof {
  id: string;
  buyerId: string;
  workerId: string;
  text: string;
  imageUrl: string;
}

/** The proof a submission had before an edit: the times it first carried its image and text stay if it keeps them. */
export interface PreviousProof {
  text: string;
  imageUrl: string | null;
}

/** Which stored proof is earlier than (`before`) or later than (`after`) this one: by time, then by id. */
function timeSide(side: "before" | "after", proof: { id: string }, at: number): SQL {
  return side === "before"
    ? sql`first_at BETWEEN ${at - WINDOW_MS} AND ${at} AND (first_at < ${at} OR submission_id < ${proof.id})`
    : sql`first_at BETWEEN ${at} AND ${at + WINDOW_MS} AND (first_at > ${at} OR submission_id > ${proof.id})`;
}

/**
 * The stored proof of `table` (`proof_images` or `proof_texts`) on this side of the proof in time whose `key` column
 * (a band, or the exact text) holds the value given, of other workers of the same buyer: one index range per key,
 * earliest first, at most CANDIDATES_PER_KEY each, read together (one batch in a request, docs/decisions/016).
 */
async function candidatesByKey(
  env: Env,
  table: "proof_images" | "proof_texts",
  keys: [column: string, value: string | number][],
  proof: Proof,
  side: SQL,
): Promise<{ submission_id: string; first_at: number; hash: string | null }[]> {
  const db = getDb(env);
  // an image's hash comes with it, to be compared whole
  const hash = table === "proof_images" ? sql`hash` : sql`NULL`;
  const found = await Promise.all(
    keys.map(([column, value]) =>
      db.all<{ submission_id: string; first_at: number; hash: string | null }>(
        sql`SELECT submission_id, first_at, ${hash} AS hash FROM ${sql.raw(table)}
          WHERE buyer_id = ${proof.buyerId} AND ${sql.raw(column)} = ${value} AND ${side}
            AND worker_id <> ${proof.workerId}
          ORDER BY first_at LIMIT ${CANDIDATES_PER_KEY}`,
      ),
    ),
  );
  return [...new Map(found.flat().map((r) => [r.submission_id, r])).values()];
}

const bandKeys = (bands: number[]) => bands.map((band, i): [string, number] => [`band${i}`, band]);

/** The stored images within NEAR_DUPLICATE_BITS of `hash`, on this side of the proof in time. */
async function imageCandidates(env: Env, proof: Proof, hash: string, at: number, side: "before" | "after") {
  const rows = await candidatesByKey(env, "proof_images", bandKeys(hashBands(hash)), proof, timeSide(side, proof, at));
  return rows.filter((r) => r.hash !== null && hammingDistance(hash, r.hash) <= NEAR_DUPLICATE_BITS);
}

/** The stored texts nearly identical to the proof's, on this side of it in time (their texts read by id). */
async function textCandidates(env: Env, proof: Proof, print: TextFingerprint, at: number, side: "before" | "after") {
  const keys: [string, string | number][] = [["exact", print.exact], ...bandKeys(print.bands)];
  const rows = await candidatesByKey(env, "proof_texts", keys, proof, timeSide(side, proof, at));
  if (!rows.length) return [];
  const texts = new Map(
    (
      await getDb(env).all<{ id: string; text: string }>(
        sql`SELECT id, submission_details AS text FROM submissions
          WHERE id IN (SELECT value FROM json_each(${JSON.stringify(rows.map((r) => r.submission_id))}))`,
      )
    ).map((r) => [r.id, r.text]),
  );
  return rows.filter((r) => {
    const text = texts.get(r.submission_id);
    if (text === undefined) return false;
    return side === "before" ? nearlyIdenticalTexts(text, proof.text) : nearlyIdenticalTexts(proof.text, text);
  });
}

/** The earliest of the candidates (by time, then id): the original a copy names. */
function earliest(rows: { submission_id: string; first_at: number }[]): string | null {
  let best: { submission_id: string; first_at: number } | null = null;
  for (const r of rows)
    if (!best || r.first_at < best.first_at || (r.first_at === best.first_at && r.submission_id < best.submission_id))
      best = r;
  return best?.submission_id ?? null;
}

/** The stored image's hash, or null when it is not one the hash reads (a GIF, a broken file, gone). */
async function hashOfStoredImage(env: Env, url: string): Promise<string | null> {
  const key = IMAGE_PATH.exec(url)?.[1]?.slice("/images/".length);
  if (!key) return null;
  const object = await env.IMAGES.get(key);
  return object ? perceptualHash(new Uint8Array(await object.arrayBuffer())) : null;
}

/** A hash's or a fingerprint's bands as the tables' columns. */
const bandValues = (b: number[]) => ({
  band0: b[0]!,
  band1: b[1]!,
  band2: b[2]!,
  band3: b[3]!,
  band4: b[4]!,
  band5: b[5]!,
  band6: b[6]!,
  band7: b[7]!,
});

/**
 * What the proof was before: `null` for a new submission (it carries its image and text from now), the proof before
 * an edit (the times stay for what the edit kept), or "unchanged" when judging again a proof that did not change.
 */
type Before = PreviousProof | "unchanged" | null;

/**
 * Judges one submission's proof: fingerprints its image and text, keeps the times it first carried them when the
 * proof before shows they were kept, names the earliest earlier near duplicate of each, and stores both rows (or
 * removes them when the proof has no image, or no text long enough). With `touched`, also returns the other
 * submissions whose flags this may change: those naming it, and, when its times were kept, later proof near its
 * new one. Without the submission (withdrawn meanwhile), nothing.
 */
async function judgeOne(env: Env, id: string, now: number, before: Before, touched: boolean): Promise<string[]> {
  const db = getDb(env);
  const [[row], [storedImage], [storedText]] = await Promise.all([
    db
      .select({
        id: submissions.id,
        buyerId: submissions.buyerId,
        workerId: submissions.workerId,
        text: submissions.submissionDetails,
        imageUrl: submissions.submissionImageUrl,
      })
      .from(submissions)
      .where(eq(submissions.id, id))
      .limit(1),
    db.select().from(proofImages).where(eq(proofImages.submissionId, id)).limit(1),
    db.select().from(proofTexts).where(eq(proofTexts.submissionId, id)).limit(1),
  ]);
  if (!row) return [];
  const proof: Proof = { ...row, imageUrl: row.imageUrl ?? "" };
  const previous = before === "unchanged" ? proof : before;

  // the image, hashed again only when it changed (or has no hash of this kind yet); kept when the edit left the
  // same upload or an image within NEAR_DUPLICATE_BITS of it
  const hash =
    storedImage?.hash && storedImage.imageUrl === proof.imageUrl
      ? storedImage.hash
      : await hashOfStoredImage(env, proof.imageUrl);
  const keptImage =
    previous !== null &&
    !!storedImage &&
    !!hash &&
    (storedImage.imageUrl === proof.imageUrl ||
      (!!storedImage.hash && hammingDistance(storedImage.hash, hash) <= NEAR_DUPLICATE_BITS));
  const imageAt = keptImage ? storedImage!.firstAt : now;

  // the text, kept when the edit left it nearly as it was
  const print = textFingerprint(proof.text);
  const keptText =
    previous !== null &&
    !!storedText &&
    !!print &&
    (previous.text === proof.text || nearlyIdenticalTexts(previous.text, proof.text));
  const textAt = keptText ? storedText!.firstAt : now;

  const [imageCopies, textCopies, laterImages, laterTexts, naming] = await Promise.all([
    hash ? imageCandidates(env, proof, hash, imageAt, "before") : [],
    print ? textCandidates(env, proof, print, textAt, "before") : [],
    touched && hash && keptImage ? imageCandidates(env, proof, hash, imageAt, "after") : [],
    touched && print && keptText ? textCandidates(env, proof, print, textAt, "after") : [],
    touched && previous ? namingCopies(env, id) : [],
  ]);

  const owner = { buyerId: proof.buyerId, workerId: proof.workerId };
  const image = hash && {
    ...owner,
    imageUrl: proof.imageUrl,
    hash,
    ...bandValues(hashBands(hash)),
    firstAt: imageAt,
    copyOf: earliest(imageCopies),
  };
  const text = print && {
    ...owner,
    exact: print.exact,
    ...bandValues(print.bands),
    firstAt: textAt,
    copyOf: earliest(textCopies),
  };
  await newBatch(env)
    .step(
      "image",
      image
        ? db
            .insert(proofImages)
            .values({ submissionId: id, ...image })
            .onConflictDoUpdate({ target: proofImages.submissionId, set: image })
        : db.delete(proofImages).where(eq(proofImages.submissionId, id)),
    )
    .step(
      "text",
      text
        ? db
            .insert(proofTexts)
            .values({ submissionId: id, ...text })
            .onConflictDoUpdate({ target: proofTexts.submissionId, set: text })
        : db.delete(proofTexts).where(eq(proofTexts.submissionId, id)),
    )
    .run();
  const others = [...naming, ...laterImages, ...laterTexts].map((r) => r.submission_id);
  return [...new Set(others)].filter((other) => other !== id);
}

/** The submissions whose image or text flag names this one as their original. */
function namingCopies(env: Env, id: string) {
  return getDb(env).all<{ submission_id: string }>(sql`SELECT submission_id FROM proof_images WHERE copy_of = ${id}
    UNION SELECT submission_id FROM proof_texts WHERE copy_of = ${id}`);
}

/** Judges these submissions' flags again, their proof unchanged (another proof they were compared with changed). */
async function judgeAgain(env: Env, ids: string[], now: number) {
  for (const id of ids) await judgeOne(env, id, now, "unchanged", false);
}

/** Judges one proof, then the others it touches; a failure is logged, and the submission stands. */
async function judgeAndTouch(env: Env, id: string, now: number, before: Before): Promise<void> {
  try {
    await judgeAgain(env, await judgeOne(env, id, now, before, true), now);
  } catch (e) {
    console.error("The proof's copied-proof flags were not judged", e);
  }
}

/**
 * Judges the copied-proof flags of a submission's proof after its batch stored it (`previous` null) or an edit
 * changed it (`previous`: the proof before), then those of the other submissions it touches. Never throws.
 */
export function judgeCopiedProof(
  env: Env,
  submissionId: string,
  opts: { now?: number; previous?: PreviousProof | null } = {},
): Promise<void> {
  return judgeAndTouch(env, submissionId, opts.now ?? Date.now(), opts.previous ?? null);
}

/**
 * A withdrawal's part (before its batch): the submissions naming this one as their original, to judge again after
 * the batch with `judgeCopiesAgain`, and the statements of the batch that remove its proof's rows and unlink those
 * naming it (`when`: the withdrawal's guard), all before the submission's own deletion.
 */
export async function withdrawnProof(env: Env, submissionId: string, when: SQL) {
  const naming = (await namingCopies(env, submissionId)).map((r) => r.submission_id);
  const statements = [
    sql`DELETE FROM proof_images WHERE submission_id = ${submissionId} AND ${when}`,
    sql`DELETE FROM proof_texts WHERE submission_id = ${submissionId} AND ${when}`,
    sql`UPDATE proof_images SET copy_of = NULL WHERE copy_of = ${submissionId} AND ${when}`,
    sql`UPDATE proof_texts SET copy_of = NULL WHERE copy_of = ${submissionId} AND ${when}`,
  ];
  return { naming, statements };
}

/** After a withdrawal: the flags that named the withdrawn submission, judged again (see `withdrawnProof`). */
export async function judgeCopiesAgain(env: Env, ids: string[], now = Date.now()): Promise<void> {
  try {
    await judgeAgain(env, ids, now);
  } catch (e) {
    console.error("The copied-proof flags naming a withdrawn submission were not judged again", e);
  }
}

/**
 * The daily job's part: proof images of the old 64-bit hash (migrations/0072 kept their flags without a hash) are
 * hashed and judged as if just edited without change, at most `limit` a day, until none is left.
 */
export async function hashOldProofImages(env: Env, now: number, limit = 50): Promise<number> {
  const rows = await getDb(env).all<{ submission_id: string }>(
    sql`SELECT submission_id FROM proof_images INDEXED BY proof_images_unhashed_idx WHERE hash IS NULL LIMIT ${limit}`,
  );
  for (const r of rows) await judgeAndTouch(env, r.submission_id, now, "unchanged");
  return rows.length;
}
