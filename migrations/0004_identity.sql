-- Verified e-mail addresses, account recovery and the one-time ADMIN_EMAILS grant
-- (docs/decisions/010-identity-verification-and-linking.md).

-- When the address in users.email was proven to be the account holder's (a link opened, or an external identity
-- that vouched for it); NULL until then. Unverified accounts cannot move coins.
ALTER TABLE users ADD COLUMN email_verified_at INTEGER;
-- When ADMIN_EMAILS made this account an admin (or found it one already): the grant applies once, so a later
-- demotion by another admin sticks.
ALTER TABLE users ADD COLUMN admin_grant_used_at INTEGER;

-- Accounts without a password were made by a Google or Firebase sign-in, which had to vouch for the address.
UPDATE users SET email_verified_at = created_at WHERE password_hash IS NULL;
-- Admins before this migration have had their grant (or never needed it).
UPDATE users SET admin_grant_used_at = created_at WHERE role = 'Admin';

-- Links sent by e-mail: the SHA-256 of the secret in the link (never the secret), what it is for, the address it
-- was sent to, and when it stops working. Using one marks it used in the same batch as the change it makes.
CREATE TABLE email_links (
  token_hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'change')),
  user_id TEXT NOT NULL REFERENCES users (id),
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX email_links_user_idx ON email_links (user_id, purpose, created_at DESC);

-- Every message sent while APP_ENV is development or test, for the mailbox at /dev/mail. Empty in production.
CREATE TABLE dev_mailbox (
  id TEXT PRIMARY KEY,
  to_address TEXT NOT NULL,
  from_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  html TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX dev_mailbox_created_idx ON dev_mailbox (created_at DESC);
CREATE INDEX dev_mailbox_to_idx ON dev_mailbox (to_address, created_at DESC);
