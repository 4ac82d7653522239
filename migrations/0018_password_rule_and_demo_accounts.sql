-- Passwords of at least 12 characters that are not common (docs/product/identity.md). Whether the account's password
-- meets that rule: 1 when it was chosen under it or a sign-in found it does, 0 when a sign-in found it does not (the
-- dashboard then asks for a new one until it changes), NULL while nobody has checked (passwords set before the rule,
-- accounts without one). Older passwords keep working either way.
ALTER TABLE users ADD COLUMN password_meets_rule INTEGER CHECK (password_meets_rule IN (0, 1));
-- The local seed's demo accounts (1): their documented password is below the rule on purpose and is never flagged.
ALTER TABLE users ADD COLUMN demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1));
