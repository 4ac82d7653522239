// What a HIT's question frame says to the task page that frames it (docs/decisions/093-a-hit-page-learns-its-work-was-sent.md):
// Coinwork's page after the frame's form posted (app/server/mturk/question-frame.server.ts) sends this message to its
// parent, and the task page (app/components/worker/hit-question.tsx) reads the worker's state again from the server.
// It carries nothing the page trusts: the server says what was sent.

/** The message of a frame whose form has posted an answer. */
export const QUESTION_POSTED = "coinwork:question-posted";
