-- Copied proof (docs/decisions/047-copied-proof-by-perceptual-hash.md): the 64-bit perceptual hash of each stored
-- proof image, with its four 16-bit bands, so that near duplicates (at most 3 bits apart, hence sharing a band) on a
-- buyer's tasks are found through four index lookups whose cost does not grow with the images stored. `copy_of` is
-- the other worker's submission it nearly duplicates, found when the hash was stored.
CREATE TABLE proof_hashes (
  submission_id TEXT PRIMARY KEY REFERENCES submissions (id),
  buyer_id TEXT NOT NULL,
  worker_id TEXT NOT NULL,
  hash TEXT NOT NULL CHECK (length(hash) = 16),
  band0 INTEGER NOT NULL,
  band1 INTEGER NOT NULL,
  band2 INTEGER NOT NULL,
  band3 INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  copy_of TEXT
) WITHOUT ROWID;
CREATE INDEX proof_hashes_band0_idx ON proof_hashes (buyer_id, band0, created_at);
CREATE INDEX proof_hashes_band1_idx ON proof_hashes (buyer_id, band1, created_at);
CREATE INDEX proof_hashes_band2_idx ON proof_hashes (buyer_id, band2, created_at);
CREATE INDEX proof_hashes_band3_idx ON proof_hashes (buyer_id, band3, created_at);
