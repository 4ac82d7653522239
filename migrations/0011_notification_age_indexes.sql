-- Notification retention (app/server/jobs/retention.server.ts) deletes the oldest read notifications and the
-- oldest unread ones, each by a range on created_at. One partial index per kind makes each delete read exactly the
-- rows it removes: a run that finds nothing to delete reads nothing, however many notifications are kept.
CREATE INDEX notifications_read_age_idx ON notifications (created_at) WHERE read_at IS NOT NULL;
CREATE INDEX notifications_unread_age_idx ON notifications (created_at) WHERE read_at IS NULL;
