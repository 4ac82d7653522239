-- Web Push (app/server/services/push.server.ts, docs/product/task-alerts.md, decision 099): the browsers a person
-- turned push notifications on in, and the pushes waiting to be sent.
--
-- A browser's push subscription: the push service's endpoint (a capability URL, one per browser and site) and the
-- keys its payloads are encrypted to (RFC 8291: the browser's P-256 public key and its 16-byte auth secret, both
-- base64url). A browser that turns push on again, under this account or another, replaces its row (endpoint is
-- unique). Deleted when the person turns push off there, when the push service answers 404 or 410, or when the
-- account ends.
CREATE TABLE push_subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, created_at);

-- A notification to push: written in the batch that writes the notification, only for a person with a subscription,
-- and deleted once sent (after the answer of the request that wrote it, or by the every-minute Cron Trigger). Its
-- title is a key of the catalogues' `notifications` words, written in the person's language when it is sent.
-- claimed_at marks a sending in progress (another sender leaves the row alone for a minute); attempts counts the
-- sendings that every subscription failed for a reason that may pass (429, 5xx, the network).
CREATE TABLE push_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  notification_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  title_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  claimed_at INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0
);

-- When a saved search's match was last pushed: at most one alert push an hour per saved search.
ALTER TABLE saved_searches ADD COLUMN pushed_at INTEGER;
