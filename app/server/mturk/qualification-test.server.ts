// A CreateQualificationType Test (MTurk's QuestionForm XML) and its AnswerKey as a Coinwork test: multiple-choice
// questions, one right choice each, scored as the share answered right (0-100). MTurk's model is wider; only the part
// where the two scores agree is taken (every question a SelectionAnswer with Text choices, exactly one scored
// option per question, all worth the same, and a PercentageMapping over their sum), the rest refused by name.
// Read with fast-xml-parser, never with regular expressions.
import * as v from "valibot";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { questionSchema, type QuestionInput } from "~/lib/schemas/qualifications";
import { requestError } from "./wire.server";

type Node = Record<string, unknown>;

const LISTS = new Set(["Question", "Selection", "AnswerOption"]);
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

const node = (x: unknown): Node => (typeof x === "object" && x !== null && !Array.isArray(x) ? (x as Node) : {});
const list = (x: unknown): Node[] => (Array.isArray(x) ? x.map(node) : []);
const textOf = (x: unknown): string => (typeof x === "string" ? x : "");

function read(xml: string, field: string, root: string): Node {
  if (XMLValidator.validate(xml) !== true) throw requestError(`${field} is not well-formed XML.`);
  const doc = node(parser.parse(xml))[root];
  if (doc === undefined) throw requestError(`${field} must be a ${root} document.`);
  return node(doc);
}

/** The right SelectionIdentifier per QuestionIdentifier, and what one right answer is worth. */
function answerKey(xml: string): { right: Map<string, string>; worth: number } {
  const key = read(xml, "AnswerKey", "AnswerKey");
  const right = new Map<string, string>();
  const worths = new Set<number>();
  for (const q of list(key.Question)) {
    const id = textOf(q.QuestionIdentifier);
    const scored = list(q.AnswerOption).filter((o) => Number(o.AnswerScore) > 0);
    const selection = scored.length === 1 ? scored[0].SelectionIdentifier : undefined;
    if (!id || typeof selection !== "string")
      throw requestError(
        `AnswerKey: question ${id || "(no QuestionIdentifier)"} must give exactly one AnswerOption (one SelectionIdentifier) a positive AnswerScore: a Coinwork test has one right choice per question.`,
      );
    right.set(id, selection);
    worths.add(Number(scored[0].AnswerScore));
  }
  if (worths.size !== 1)
    throw requestError("AnswerKey: every question's right answer must have the same AnswerScore on Coinwork.");
  const [worth] = worths;
  const max = Number(node(node(key.QualificationValueMapping).PercentageMapping).MaximumSummedScore);
  if (max !== worth * right.size)
    throw requestError(
      `AnswerKey must map the score with a PercentageMapping whose MaximumSummedScore is ${worth * right.size} (every question's score summed): a Coinwork score is the share answered right, 0 to 100.`,
    );
  return { right, worth };
}

/** The Test and AnswerKey as the questions (with their key) of a Coinwork test; a RequestError saying what is not. */
export function testQuestions(testXml: string, answerKeyXml: string): QuestionInput[] {
  const form = read(testXml, "Test", "QuestionForm");
  const { right } = answerKey(answerKeyXml);
  const questions = list(form.Question);
  if (!questions.length) throw requestError("Test: a QuestionForm needs at least one Question.");
  if (questions.length !== right.size)
    throw requestError("AnswerKey must give the right answer of every question of the Test, and of no other.");
  return questions.map((q) => {
    const id = textOf(q.QuestionIdentifier);
    const selections = list(node(node(node(q.AnswerSpecification).SelectionAnswer).Selections).Selection);
    const prompt = textOf(node(q.QuestionContent).Text);
    if (!selections.length || !prompt || selections.some((s) => !textOf(s.Text)))
      throw requestError(
        `Test: question ${id || "(no QuestionIdentifier)"} must be a SelectionAnswer whose QuestionContent and Selections are Text: Coinwork's tests are multiple choice.`,
      );
    const answer = selections.findIndex((s) => s.SelectionIdentifier === right.get(id)) + 1;
    if (!answer)
      throw requestError(`AnswerKey: question ${id}'s right SelectionIdentifier is not one of its Selections.`);
    const parsed = v.safeParse(questionSchema, { prompt, choices: selections.map((s) => textOf(s.Text)), answer });
    if (!parsed.success) throw requestError(`Test: question ${id}: ${parsed.issues[0].message}.`);
    return parsed.output;
  });
}
