-- The Messages page of workers and buyers (docs/decisions/092-an-inbox-read-from-its-own-index.md): each side's
-- conversations newest first, with how many messages they have not read, read from an index of their own without
-- counting or sorting messages.

-- The conversation's newest message (its id and time), and how many messages each side has not read: kept by the
-- trigger below in the message's own statement, and set back to 0 when that side opens the conversation.
ALTER TABLE message_threads ADD COLUMN last_message_id TEXT;
ALTER TABLE message_threads ADD COLUMN last_message_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE message_threads ADD COLUMN worker_unread INTEGER NOT NULL DEFAULT 0 CHECK (worker_unread >= 0);
ALTER TABLE message_threads ADD COLUMN buyer_unread INTEGER NOT NULL DEFAULT 0 CHECK (buyer_unread >= 0);

-- Conversations from before: their newest message as it is; what was said before the inbox counts as read.
UPDATE message_threads SET
  last_message_id = (SELECT m.id FROM messages m WHERE m.thread_id = message_threads.id
    ORDER BY m.created_at DESC, m.id DESC LIMIT 1),
  last_message_at = COALESCE((SELECT MAX(m.created_at) FROM messages m WHERE m.thread_id = message_threads.id),
    created_at);

-- Each message: the newest of its conversation (a message stamped earlier than the newest, as a test can write,
-- leaves it), and one more unread for the side that did not send it.
CREATE TRIGGER messages_inbox AFTER INSERT ON messages
BEGIN
  UPDATE message_threads SET
    last_message_id = CASE WHEN NEW.created_at >= last_message_at THEN NEW.id ELSE last_message_id END,
    last_message_at = MAX(last_message_at, NEW.created_at),
    worker_unread = worker_unread + (NEW.sender_id <> worker_id),
    buyer_unread = buyer_unread + (NEW.sender_id <> buyer_id)
  WHERE id = NEW.thread_id;
END;

-- Each side's Messages page: its conversations by the newest message, a keyset page of this index's range.
CREATE INDEX message_threads_worker_inbox_idx ON message_threads (worker_id, last_message_at, id);
CREATE INDEX message_threads_buyer_inbox_idx ON message_threads (buyer_id, last_message_at, id);
