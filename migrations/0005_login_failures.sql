-- Failed sign-ins, counted per e-mail and per client address (app/server/services/login-throttle.server.ts): after a
-- few failures each further attempt waits longer. A success clears the e-mail's row; the daily cron drops old rows.
CREATE TABLE login_failures (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL CHECK (failures > 0),
  last_failed_at INTEGER NOT NULL
);
CREATE INDEX login_failures_last_failed_at ON login_failures (last_failed_at);
