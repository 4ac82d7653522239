-- A HIT's "What to submit" (docs/mturk.md, "The question as workers see it"): HITs posted before this held their
-- Keywords there, which are words to find a HIT by, not what to send. They now say what CreateHIT writes
-- (HIT_SUBMISSION_INFO in app/server/mturk/hit-operations.server.ts): the question's form when the HIT has one,
-- else its description. A HIT whose buyer wrote words of their own there (on Update Task) keeps them.
UPDATE tasks SET submission_info = CASE
    WHEN (SELECT h.question FROM mturk_hits h WHERE h.task_id = tasks.id) IS NOT NULL
      THEN 'Your answers in the task''s form below: its Submit button sends them to the buyer.'
    ELSE 'Answer as the description asks.'
  END
WHERE EXISTS (
  SELECT 1 FROM mturk_hits h JOIN hit_types ht ON ht.id = h.hit_type_id
  WHERE h.task_id = tasks.id AND ht.keywords <> '' AND ht.keywords = tasks.submission_info
);
