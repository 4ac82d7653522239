-- Sign-in throttling that a stranger cannot turn into a lock-out (docs/product/identity.md, "Sign-in throttling").
-- login_failures keys are now 'pair:<e-mail> <address>', 'account:<e-mail>', 'address:<address>' and
-- 'device:<device id>'; `account` names the e-mail a row is about, so that a password reset clears them together.
-- The old per-e-mail rows ('email:…') count for nothing any more.
DELETE FROM login_failures WHERE key LIKE 'email:%';
ALTER TABLE login_failures ADD COLUMN account TEXT;
CREATE INDEX login_failures_account ON login_failures (account) WHERE account IS NOT NULL;

-- The addresses an account has signed in from (a SHA-256 of the account and the address, never the address itself):
-- the account's own wait does not apply there. Forgotten after 90 days without a sign-in (the daily cron).
CREATE TABLE login_addresses (
  user_id TEXT NOT NULL REFERENCES users (id),
  address_hash TEXT NOT NULL,
  last_signed_in_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, address_hash)
) WITHOUT ROWID;
CREATE INDEX login_addresses_last_signed_in_at ON login_addresses (last_signed_in_at);
