-- PaymentIntents of the embedded test-mode provider (used only when no Stripe keys are configured).
CREATE TABLE test_payment_intents (
  id TEXT PRIMARY KEY,
  client_secret TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded')),
  metadata TEXT NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL
);
