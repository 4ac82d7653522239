// Revisions and messages: the buyer's revision note and a message's text (docs/product/quality.md, "Revisions" and
// "Messages"), as the pages' forms, their actions and the REST API read them.
import * as v from "valibot";
import { said, type Message } from "../i18n/validation";
import { formatCount } from "~/lib/format";

/** How long the worker has to send a revision after the buyer asks for it. */
export const REVISION_HOURS = 48;
export const REVISION_NOTE_MAX = 1000;
export const REVISION_NOTE_REQUIRED = "Say what the worker should change.";
export const REVISION_NOTE_TOO_LONG = `A revision note can be at most ${formatCount(REVISION_NOTE_MAX)} characters.`;

export const MESSAGE_MAX = 2000;
export const MESSAGE_REQUIRED = "Write a message first.";
export const MESSAGE_TOO_LONG = `A message can be at most ${formatCount(MESSAGE_MAX)} characters.`;

const boundedText = (required: Message, max: number, tooLong: Message) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong));

export const revisionNote = boundedText(
  said("revision.noteRequired", REVISION_NOTE_REQUIRED),
  REVISION_NOTE_MAX,
  said("revision.noteTooLong", REVISION_NOTE_TOO_LONG, { max: REVISION_NOTE_MAX }),
);
export const messageBody = boundedText(
  said("message.required", MESSAGE_REQUIRED),
  MESSAGE_MAX,
  said("message.tooLong", MESSAGE_TOO_LONG, { max: MESSAGE_MAX }),
);
