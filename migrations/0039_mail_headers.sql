-- The extra headers of a message (List-Unsubscribe and List-Unsubscribe-Post of the alert digests), as JSON, kept in
-- the development mailbox beside the rest of the message so that tests read back what the binding was given.
ALTER TABLE dev_mailbox ADD COLUMN headers TEXT;
