-- A buyer's live (unrevoked) requester keys (docs/mturk.md, "Keys"): a new key is stored only while the buyer holds
-- fewer than 10 of them, counted in the insert itself, and every event that ends the account's trust (a password
-- reset or change, "Sign out everywhere", the end of the account, a role change away from Buyer) revokes them in its
-- own batch. Both read the live keys alone, however many revoked ones the buyer has made over the years.
CREATE INDEX requester_keys_live_idx ON requester_keys (user_id) WHERE revoked_at IS NULL;
