import { Form, Link, data, useActionData } from "react-router";
import { getFormProps } from "@conform-to/react";
import * as v from "valibot";
import type { Route } from "./+types/qualification";
import { Check } from "~/components/icons";
import { BackLink, PageHeader } from "~/components/dashboard-shell";
import { Button, buttonVariants } from "~/components/ui/button";
import { NotFoundPanel, useNotFoundBoundary } from "~/components/not-found-panel";
import { Card } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalTime } from "~/components/local-time";
import { CardRow, CardTable, Cell, PagedList, ACTIONS_COLUMN } from "~/components/responsive-list";
import {
  FormFailure,
  InputField,
  TextareaField,
  failureOf,
  useFailureToast,
  usePosting,
  useValibotForm,
  WholeNumberField,
} from "~/components/form-kit";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { useActionFlow, type ActionSpec } from "~/components/actions/flow";
import { ActionTrigger } from "~/components/actions/trigger";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { QualificationFields } from "~/components/qualifications/qualification-fields";
import { pageOrLast } from "~/server/http/list-page.server";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { confirmAction, formAction } from "~/server/http/page-action.server";
import { AppError } from "~/server/errors";
import {
  addQuestion,
  listHolders,
  qualificationForOwner,
  removeQuestion,
  revokeQualification,
  updateQualification,
} from "~/server/services/qualifications.server";
import { qualificationFormSchema, questionFormSchema } from "~/lib/schemas/qualifications";
import { rowAction } from "~/lib/schemas/fields";
import type { FormOutcome } from "~/lib/enhanced";
import { MAX_QUESTIONS } from "~/lib/qualifications";
import { HeadedSection } from "~/components/headed-section";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.qualification.name} · Coinwork` : "Qualification · Coinwork" },
];

/** The reads of this buyer's qualification; another buyer's answers 404 like one that does not exist. */
async function ownOr404<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (e) {
    if (e instanceof AppError && (e.status === 404 || e.status === 403)) throw data("Not found", { status: 404 });
    throw e;
  }
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  // both reads in one step (docs/decisions/069); each checks that the qualification is this buyer's
  const [qualification, holders] = await ownOr404(
    Promise.all([
      qualificationForOwner(env, user, params.id),
      pageOrLast(readSearch(request.url, pageQuery).page, (page) =>
        listHolders(env, user, params.id, { page, limit: 20 }),
      ),
    ]),
  );
  return {
    qualification,
    holders: { ...holders, items: holders.items.map((h) => ({ ...h, id: h.workerId })) },
  };
}

/** The page's confirmed actions: remove a question (`id`: the question), revoke a holder's grant (`id`: the worker). */
const confirmSchema = v.variant("intent", [rowAction("remove"), rowAction("revoke")], "Unknown action");

export const action = (args: Route.ActionArgs) => {
  const id = args.params.id;
  const form = new URL(args.request.url).searchParams.get("form");
  if (form === "details")
    return formAction(args, {
      user: buyerUser,
      schema: qualificationFormSchema,
      failure: (refused) => ({ title: "Qualification not saved", message: refused.message }),
      async run(input, { user, env }) {
        await updateQualification(env, user, id, input);
        return { title: "Qualification saved", message: `“${input.name}” is up to date.` };
      },
    });
  if (form === "question")
    return formAction(args, {
      user: buyerUser,
      schema: questionFormSchema,
      failure: (refused) => ({ title: "Question not added", message: refused.message }),
      async run(input, { user, env }) {
        await addQuestion(env, user, id, input);
        return { title: "Question added", message: "Workers see it the next time they open the test." };
      },
    });
  return confirmAction(args, {
    user: buyerUser,
    schema: confirmSchema,
    failure: (intent) => ({ title: intent === "revoke" ? "Not revoked" : "Question not removed" }),
    async run(input, { user, env }) {
      if (input.intent === "remove") {
        await removeQuestion(env, user, id, input.id);
        return { title: "Question removed", message: "Scores already held stay as they are." };
      }
      await revokeQualification(env, user, { qualificationId: id, workerId: input.id });
      return { title: "Qualification revoked", message: "Tasks that require it are closed to this worker now." };
    },
  });
};

export const shouldRevalidate = revalidateAfterPost;

type Data = Route.ComponentProps["loaderData"];
type Question = Data["qualification"]["test"][number];
type Holder = Data["holders"]["items"][number];

const removeSpec = (q: Question): ActionSpec => ({
  intent: "remove",
  id: q.id,
  title: "Remove this question?",
  description: `“${q.prompt}” leaves the test. Scores already held stay as they are.`,
  confirmLabel: "Yes, remove",
  destructive: true,
});

const revokeSpec = (h: Holder): ActionSpec => ({
  intent: "revoke",
  id: h.workerId,
  title: `Revoke ${h.workerName}'s qualification?`,
  description: `${h.workerName} can no longer work on tasks that require “${h.qualificationName}”.`,
  confirmLabel: "Yes, revoke",
  destructive: true,
});

export default function QualificationPage({ loaderData }: Route.ComponentProps) {
  const { qualification: q, holders } = loaderData;
  const here = `/dashboard/qualifications/${q.id}`;
  const outcome = useActionData<typeof action>();
  // the details and question forms answer a FormOutcome; the confirmed actions answer through the flow
  const formOutcome = outcome && "invalid" in outcome ? (outcome as FormOutcome) : null;
  const flow = useActionFlow();
  const noJsQuestion = useNoJsSpec(q.test, { remove: removeSpec });
  const noJsHolder = useNoJsSpec(holders.items, { revoke: revokeSpec });
  const [detailsForm, details] = useValibotForm(qualificationFormSchema, {
    id: "details",
    lastResult: formOutcome?.result,
    defaultValue: { name: q.name, description: q.description, retake_hours: q.retakeHours },
  });
  const [questionForm, question] = useValibotForm(questionFormSchema, {
    id: "question",
    lastResult: formOutcome?.result,
  });
  useFailureToast(formOutcome);
  const failure = failureOf(formOutcome);
  const savingDetails = usePosting(`${here}?form=details`);
  const adding = usePosting(`${here}?form=question`);
  const full = q.test.length >= MAX_QUESTIONS;
  return (
    <>
      <BackLink to="/dashboard/qualifications">Back to Qualifications</BackLink>
      <PageHeader title={q.name} description={q.description} />
      {failure ? <FormFailure title={failure.title} message={failure.message} className="mb-4" /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-6">
          <HeadedSection
            id="test-heading"
            title={`Test (${q.test.length} of ${MAX_QUESTIONS} questions)`}
            className="grid gap-3"
          >
            {q.test.length === 0 ? (
              <EmptyState message="No test: workers get this qualification only when you grant it." />
            ) : (
              <ol className="grid gap-3" data-testid="test-questions">
                {q.test.map((t, i) => (
                  <li key={t.id} className="grid gap-2 rounded-xl border border-border bg-white p-4 shadow-sm">
                    <div className="flex items-start justify-between gap-3">
                      <p className="font-medium">
                        {i + 1}. {t.prompt}
                      </p>
                      <ActionTrigger flow={flow} spec={removeSpec(t)} label={`Remove question ${i + 1}`} stayLink>
                        Remove
                      </ActionTrigger>
                    </div>
                    <ul className="grid gap-1 text-sm">
                      {t.choices.map((c, n) => (
                        <li key={n} className="flex items-center gap-2">
                          {n + 1 === t.answer ? (
                            <Check className="size-4 text-emerald-700" aria-label="Right answer" />
                          ) : (
                            <span className="size-4" aria-hidden />
                          )}
                          <span className={n + 1 === t.answer ? "font-semibold" : undefined}>
                            {n + 1}. {c}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            )}
            {full ? null : (
              <Card className="p-5">
                <h3 className="mb-3 font-semibold">Add a question</h3>
                <Form
                  method="post"
                  action={`${here}?form=question`}
                  {...getFormProps(questionForm)}
                  className="grid gap-4"
                  aria-busy={adding}
                >
                  <InputField field={question.prompt} label="Question" type="text" maxLength={500} />
                  <TextareaField
                    field={question.choices}
                    label="Choices, one a line"
                    hint="2 to 6 choices."
                    rows={4}
                    placeholder={"recieve\nreceive\nreceeve"}
                  />
                  <WholeNumberField
                    field={question.answer}
                    label="Number of the right choice"
                    hint="1 for the first line. Workers never see it."
                    min={1}
                    max={6}
                  />
                  <Button type="submit" disabled={adding} className="justify-self-start">
                    {adding ? "Adding…" : "Add question"}
                  </Button>
                </Form>
              </Card>
            )}
          </HeadedSection>
          <HeadedSection id="holders-heading" title="Holders" className="grid gap-3">
            <PagedList
              count={holders.items.length}
              page={holders.page}
              pages={holders.pages}
              empty={<EmptyState message="Nobody holds it yet." />}
            >
              <CardTable
                label="Holders"
                testId="holders"
                columns={[{ header: "Worker" }, { header: "Score" }, ACTIONS_COLUMN]}
                rows={holders.items}
                row={(h) => (
                  <CardRow data-testid="holder">
                    <Cell>
                      <p className="name">{h.workerName}</p>
                      <p className="meta">
                        {h.source === "hand" ? "Granted" : "Test taken"} <LocalTime at={h.grantedAt} />
                      </p>
                    </Cell>
                    <Cell label="Score">
                      <Badge tone={h.source === "hand" ? "neutral" : "success"}>{h.score}</Badge>
                    </Cell>
                    <Cell>
                      <div className="actions">
                        <ActionTrigger
                          flow={flow}
                          spec={revokeSpec(h)}
                          label={`Revoke ${h.workerName}'s qualification`}
                          stayLink
                          variant="danger"
                        >
                          Revoke
                        </ActionTrigger>
                      </div>
                    </Cell>
                  </CardRow>
                )}
              />
            </PagedList>
          </HeadedSection>
        </div>
        <Card className="p-5 sm:p-6">
          <h2 className="mb-3 text-lg font-semibold">Details</h2>
          <Form
            method="post"
            action={`${here}?form=details`}
            {...getFormProps(detailsForm)}
            className="grid gap-4"
            aria-busy={savingDetails}
          >
            <QualificationFields name={details.name} description={details.description} retake={details.retake_hours} />
            <Button type="submit" disabled={savingDetails}>
              {savingDetails ? "Saving…" : "Save details"}
            </Button>
          </Form>
        </Card>
      </div>
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsQuestion ?? noJsHolder} />
    </>
  );
}

export function ErrorBoundary() {
  return useNotFoundBoundary(
    <NotFoundPanel title="Qualification not found" message="You have no qualification at this address.">
      <Link to="/dashboard/qualifications" className={buttonVariants({ size: "lg" })}>
        Back to Qualifications
      </Link>
    </NotFoundPanel>,
  );
}
