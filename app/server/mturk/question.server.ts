// A HIT's Question as MTurk defines it: an HTMLQuestion (a whole HTML page, shown in a sandboxed frame served from
// /mturk/question/<HITId>) or an ExternalQuestion (a page of the requester's, framed with MTurk's query parameters).
// Read with fast-xml-parser, never with regular expressions; and the answer posted back written as
// QuestionFormAnswers XML with its builder.
import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";
import { requestError } from "./wire.server";

export type HitQuestion =
  { kind: "html"; html: string; frameHeight: number } | { kind: "external"; url: string; frameHeight: number };

/** The worker's frame is this tall when the question says 0 (MTurk: "as tall as the page") or nothing. */
const DEFAULT_FRAME_HEIGHT = 600;

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true });

function frameHeightOf(value: unknown): number {
  const n = Number(value ?? 0);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 5000) : DEFAULT_FRAME_HEIGHT;
}

/** The Question XML read; a RequestError that says what is wrong when it is not one Coinwork shows. */
export function parseQuestion(xml: string): HitQuestion {
  if (XMLValidator.validate(xml) !== true) throw requestError("Question is not well-formed XML.");
  const doc = parser.parse(xml) as Record<string, unknown>;
  const html = doc.HTMLQuestion as Record<string, unknown> | undefined;
  if (html !== undefined) {
    const content = typeof html === "object" && html !== null ? html.HTMLContent : undefined;
    if (typeof content !== "string" || !content.trim())
      throw requestError("An HTMLQuestion needs its page in HTMLContent (usually inside <![CDATA[ … ]]>).");
    return { kind: "html", html: content, frameHeight: frameHeightOf(html.FrameHeight) };
  }
  const external = doc.ExternalQuestion as Record<string, unknown> | undefined;
  if (external !== undefined) {
    const raw = typeof external === "object" && external !== null ? external.ExternalURL : undefined;
    const url = typeof raw === "string" && URL.canParse(raw) ? new URL(raw) : null;
    if (!url || url.protocol !== "https:")
      throw requestError("An ExternalQuestion needs an ExternalURL that starts with https://.");
    return { kind: "external", url: url.href, frameHeight: frameHeightOf(external.FrameHeight) };
  }
  throw requestError(
    "Question must be an HTMLQuestion or an ExternalQuestion (QuestionForm and HITLayout are not supported by Coinwork).",
  );
}

const answerXml = new XMLBuilder({ ignoreAttributes: false, format: false });

/** Answers (an identifier and its text each) as MTurk's QuestionFormAnswers XML, FreeText each. */
export function questionFormAnswers(answers: { id: string; text: string }[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>' +
    answerXml.build({
      QuestionFormAnswers: {
        "@_xmlns":
          "http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2005-10-01/QuestionFormAnswers.xsd",
        Answer: answers.map((a) => ({ QuestionIdentifier: a.id, FreeText: a.text })),
      },
    })
  );
}
