-- The language a person reads Coinwork in (docs/decisions/097-words-in-two-languages.md): 'en' or 'bn', set at
-- sign-up from the language the visitor was shown, changed by the switch in the header or in Settings, and used for
-- what Coinwork sends them when they are not looking (e-mails, notifications). Read with the user row on every
-- request, so a signed-in page needs no other read to know it.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'bn'));
