-- Reads of a qualification's rows in tables keyed by (task or worker, qualification): deleting a qualification asks
-- whether a live task requires it and removes its requirements and attempts (qualifications.server.ts,
-- deleteQualification). Without these, each of those statements read the whole table.
CREATE INDEX task_qualifications_qualification_idx ON task_qualifications (qualification_id);
CREATE INDEX qualification_attempts_qualification_idx ON qualification_attempts (qualification_id);
