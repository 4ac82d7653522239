-- Copied proof, judged again (docs/decisions/090-copied-proof-the-earliest-is-the-original.md).

-- Proof images: a 128-bit hash (32 hex digits) in eight 16-bit bands, replacing the 64-bit one of migrations/0048.
-- `first_at` is when this submission first carried the image (an edit that keeps it keeps the time), so of two near
-- duplicates the earlier is the original; `copy_of` is the earlier submission of another worker this one copies.
-- `image_url` is the image the hash was taken from: judging the submission again reads the image only if it changed.
-- Rows of the old hash keep their flags, with no hash until their submission is judged again (`hash` NULL).
CREATE TABLE proof_images (
  submission_id TEXT PRIMARY KEY REFERENCES submissions (id),
  buyer_id TEXT NOT NULL,
  worker_id TEXT NOT NULL,
  image_url TEXT NOT NULL,
  hash TEXT CHECK (hash IS NULL OR length(hash) = 32),
  band0 INTEGER,
  band1 INTEGER,
  band2 INTEGER,
  band3 INTEGER,
  band4 INTEGER,
  band5 INTEGER,
  band6 INTEGER,
  band7 INTEGER,
  first_at INTEGER NOT NULL,
  copy_of TEXT REFERENCES submissions (id)
) WITHOUT ROWID;
INSERT INTO proof_images (submission_id, buyer_id, worker_id, image_url, first_at, copy_of)
SELECT p.submission_id, p.buyer_id, p.worker_id, s.submission_image_url, p.created_at,
  (SELECT o.id FROM submissions o WHERE o.id = p.copy_of)
FROM proof_hashes p JOIN submissions s ON s.id = p.submission_id
WHERE s.submission_image_url IS NOT NULL;
DROP TABLE proof_hashes;
CREATE INDEX proof_images_band0_idx ON proof_images (buyer_id, band0, first_at);
CREATE INDEX proof_images_band1_idx ON proof_images (buyer_id, band1, first_at);
CREATE INDEX proof_images_band2_idx ON proof_images (buyer_id, band2, first_at);
CREATE INDEX proof_images_band3_idx ON proof_images (buyer_id, band3, first_at);
CREATE INDEX proof_images_band4_idx ON proof_images (buyer_id, band4, first_at);
CREATE INDEX proof_images_band5_idx ON proof_images (buyer_id, band5, first_at);
CREATE INDEX proof_images_band6_idx ON proof_images (buyer_id, band6, first_at);
CREATE INDEX proof_images_band7_idx ON proof_images (buyer_id, band7, first_at);
-- the submissions that name one as their original: judged again when it changes or goes
CREATE INDEX proof_images_copy_of_idx ON proof_images (copy_of) WHERE copy_of IS NOT NULL;
-- a worker's copied-proof flags, counted for the admins' payout queue (as migrations/0071's index on proof_hashes)
CREATE INDEX proof_images_worker_copies_idx ON proof_images (worker_id) WHERE copy_of IS NOT NULL;
-- the old hash's rows, hashed again by the daily job
CREATE INDEX proof_images_unhashed_idx ON proof_images (submission_id) WHERE hash IS NULL;

-- Proof texts of at least 40 characters once folded (lower case, every run of other characters than letters and
-- digits one space): `exact` is 64 bits of the folded text's hash; the eight bands are MinHash bands of its 5-character
-- shingles, so that nearly identical texts share one. As for images, `first_at` and `copy_of`.
CREATE TABLE proof_texts (
  submission_id TEXT PRIMARY KEY REFERENCES submissions (id),
  buyer_id TEXT NOT NULL,
  worker_id TEXT NOT NULL,
  exact TEXT NOT NULL CHECK (length(exact) = 16),
  band0 INTEGER NOT NULL,
  band1 INTEGER NOT NULL,
  band2 INTEGER NOT NULL,
  band3 INTEGER NOT NULL,
  band4 INTEGER NOT NULL,
  band5 INTEGER NOT NULL,
  band6 INTEGER NOT NULL,
  band7 INTEGER NOT NULL,
  first_at INTEGER NOT NULL,
  copy_of TEXT REFERENCES submissions (id)
) WITHOUT ROWID;
CREATE INDEX proof_texts_exact_idx ON proof_texts (buyer_id, exact, first_at);
CREATE INDEX proof_texts_band0_idx ON proof_texts (buyer_id, band0, first_at);
CREATE INDEX proof_texts_band1_idx ON proof_texts (buyer_id, band1, first_at);
CREATE INDEX proof_texts_band2_idx ON proof_texts (buyer_id, band2, first_at);
CREATE INDEX proof_texts_band3_idx ON proof_texts (buyer_id, band3, first_at);
CREATE INDEX proof_texts_band4_idx ON proof_texts (buyer_id, band4, first_at);
CREATE INDEX proof_texts_band5_idx ON proof_texts (buyer_id, band5, first_at);
CREATE INDEX proof_texts_band6_idx ON proof_texts (buyer_id, band6, first_at);
CREATE INDEX proof_texts_band7_idx ON proof_texts (buyer_id, band7, first_at);
CREATE INDEX proof_texts_copy_of_idx ON proof_texts (copy_of) WHERE copy_of IS NOT NULL;
CREATE INDEX proof_texts_worker_copies_idx ON proof_texts (worker_id) WHERE copy_of IS NOT NULL;
