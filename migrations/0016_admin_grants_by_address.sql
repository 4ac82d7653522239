-- The one-time ADMIN_EMAILS grant is remembered by address, not by account (docs/product/identity.md): an account
-- that moved away from a listed address left the grant behind on its row, so registering the address anew and
-- verifying it made a second admin. Each listed address now grants Admin at most once, ever.
CREATE TABLE admin_grants (
  email TEXT PRIMARY KEY,
  -- the account the address belonged to when it was granted
  user_id TEXT NOT NULL REFERENCES users (id),
  granted_at INTEGER NOT NULL
);
-- Grants already given: the address each granted account has now is the best record there is of the address granted.
INSERT INTO admin_grants (email, user_id, granted_at)
  SELECT email, id, admin_grant_used_at FROM users WHERE admin_grant_used_at IS NOT NULL;
ALTER TABLE users DROP COLUMN admin_grant_used_at;
