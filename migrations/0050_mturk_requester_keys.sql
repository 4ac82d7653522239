-- The MTurk Requester API (docs/mturk.md): a buyer's API keys, and the UniqueRequestTokens of the HITs they made.
--
-- A request is signed with AWS Signature Version 4, an HMAC under the key's secret, so the server must know the
-- secret: it is stored sealed (AES-GCM under the Worker secret MTURK_KEY_SECRET, the access key id as associated
-- data), never in clear. A revoked key stays listed with its revocation time and signs nothing.
CREATE TABLE requester_keys (
  access_key_id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id),
  sealed_secret TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX requester_keys_user_idx ON requester_keys (user_id, created_at DESC);

-- CreateHIT's UniqueRequestToken: inserted in the posting's own batch, so a token used within 24 hours makes no
-- second HIT and charges nothing (its key aborts the batch); an older row is deleted by the same batch first.
CREATE TABLE hit_request_tokens (
  buyer_id TEXT NOT NULL REFERENCES users (id),
  token TEXT NOT NULL,
  hit_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (buyer_id, token)
);
