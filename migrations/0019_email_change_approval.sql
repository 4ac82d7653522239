-- An account without a password approves a change of its e-mail address from its current address first
-- (docs/product/identity.md): a 'change_approval' link goes to the current address and carries the address asked
-- for in new_email; opening it sends the usual 'change' link to the new address. SQLite changes a CHECK only by
-- rebuilding the table: copy the rows, swap the tables, recreate the index.
CREATE TABLE email_links_new (
  token_hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'change', 'change_approval')),
  user_id TEXT NOT NULL REFERENCES users (id),
  email TEXT NOT NULL,
  new_email TEXT CHECK ((purpose = 'change_approval') = (new_email IS NOT NULL)),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
INSERT INTO email_links_new (token_hash, purpose, user_id, email, created_at, expires_at, used_at)
  SELECT token_hash, purpose, user_id, email, created_at, expires_at, used_at FROM email_links;
DROP TABLE email_links;
ALTER TABLE email_links_new RENAME TO email_links;
CREATE INDEX email_links_user_idx ON email_links (user_id, purpose, created_at DESC);
