import { Form, Link, data, useActionData } from "react-router";
import { getFormProps } from "@conform-to/react";
import * as v from "valibot";
import type { Route } from "./+types/qualification";
import { Check } from "~/components/icons/more";
import { BackLink, PageHeader } from "~/components/dashboard-shell";
import { Button, buttonVariants } from "~/components/ui/button";
import { NotFoundPanel, useNotFoundBoundary } from "~/components/not-found-panel";
import { Card } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalTime } from "~/components/local-time";
import { ACTIONS_COLUMN, ActionsCell, CardRow, CardTable, Cell, PagedList } from "~/components/responsive-list";
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
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: loaderData ? `${loaderData.qualification.name} · Coinwork` : metaWords(matches, "buyer")("qual.meta"),
  },
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
  const t = serverWords(buyerUser(args.context).language, "buyer");
  if (form === "details")
    return formAction(args, {
      user: buyerUser,
      schema: qualificationFormSchema,
      failure: (refused) => ({ title: t("quals.notSaved"), message: refused.message }),
      async run(input, { user, env }) {
        await updateQualification(env, user, id, input);
        return { title: t("quals.saved"), message: t("qual.upToDate", { name: input.name }) };
      },
    });
  if (form === "question")
    return formAction(args, {
      user: buyerUser,
      schema: questionFormSchema,
      failure: (refused) => ({ title: t("qual.questionNotAdded"), message: refused.message }),
      async run(input, { user, env }) {
        await addQuestion(env, user, id, input);
        return { title: t("qual.questionAdded"), message: t("qual.questionAddedMessage") };
      },
    });
  return confirmAction(args, {
    user: buyerUser,
    schema: confirmSchema,
    failure: (intent) => ({ title: intent === "revoke" ? t("qual.notRevoked") : t("qual.notRemoved") }),
    async run(input, { user, env }) {
      if (input.intent === "remove") {
        await removeQuestion(env, user, id, input.id);
        return { title: t("qual.removed"), message: t("qual.scoresStay") };
      }
      await revokeQualification(env, user, { qualificationId: id, workerId: input.id });
      return { title: t("qual.revoked"), message: t("qual.revokedMessage") };
    },
  });
};

export const shouldRevalidate = revalidateAfterPost;

type Data = Route.ComponentProps["loaderData"];
type Question = Data["qualification"]["test"][number];
type Holder = Data["holders"]["items"][number];

const removeSpec = (t: Words<"buyer">, q: Question): ActionSpec => ({
  intent: "remove",
  id: q.id,
  title: t("qual.remove.title"),
  description: t("qual.remove.description", { prompt: q.prompt }),
  confirmLabel: t("qual.remove.yes"),
  destructive: true,
});

const revokeSpec = (t: Words<"buyer">, h: Holder): ActionSpec => ({
  intent: "revoke",
  id: h.workerId,
  title: t("qual.revoke.title", { worker: h.workerName }),
  description: t("qual.revoke.description", { worker: h.workerName, name: h.qualificationName }),
  confirmLabel: t("qual.revoke.yes"),
  destructive: true,
});

export default function QualificationPage({ loaderData }: Route.ComponentProps) {
  const { qualification: q, holders } = loaderData;
  const here = `/dashboard/qualifications/${q.id}`;
  const outcome = useActionData<typeof action>();
  // the details and question forms answer a FormOutcome; the confirmed actions answer through the flow
  const formOutcome = outcome && "invalid" in outcome ? (outcome as FormOutcome) : null;
  const t = useWords("buyer");
  const f = useFormat();
  const flow = useActionFlow();
  const noJsQuestion = useNoJsSpec(q.test, { remove: (question) => removeSpec(t, question) });
  const noJsHolder = useNoJsSpec(holders.items, { revoke: (h) => revokeSpec(t, h) });
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
      <BackLink to="/dashboard/qualifications">{t("qual.back")}</BackLink>
      <PageHeader title={q.name} description={q.description} />
      {failure ? <FormFailure title={failure.title} message={failure.message} className="mb-4" /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-6">
          <HeadedSection
            id="test-heading"
            title={t("qual.testTitle", { count: f.count(q.test.length), max: f.count(MAX_QUESTIONS) })}
            className="grid gap-3"
          >
            {q.test.length === 0 ? (
              <EmptyState message={t("qual.noTest")} />
            ) : (
              <ol className="grid gap-3" data-testid="test-questions">
                {q.test.map((question, i) => (
                  <li key={question.id} className="grid gap-2 rounded-xl border border-border bg-white p-4 shadow-sm">
                    <div className="flex items-start justify-between gap-3">
                      <p className="min-w-0 break-words font-medium">
                        {f.count(i + 1)}. {question.prompt}
                      </p>
                      <ActionTrigger
                        flow={flow}
                        spec={removeSpec(t, question)}
                        label={t("qual.removeLabel", { n: f.count(i + 1) })}
                        stayLink
                      >
                        {t("qual.remove")}
                      </ActionTrigger>
                    </div>
                    <ul className="grid gap-1 text-sm">
                      {question.choices.map((c, n) => (
                        <li key={n} className="flex items-center gap-2">
                          {n + 1 === question.answer ? (
                            <Check className="size-4 text-emerald-700" aria-label={t("qual.right")} />
                          ) : (
                            <span className="size-4" aria-hidden />
                          )}
                          <span className={n + 1 === question.answer ? "font-semibold" : undefined}>
                            {f.count(n + 1)}. {c}
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
                <h3 className="mb-3 font-semibold">{t("qual.addTitle")}</h3>
                <Form
                  method="post"
                  action={`${here}?form=question`}
                  {...getFormProps(questionForm)}
                  className="grid gap-4"
                  aria-busy={adding}
                >
                  <InputField field={question.prompt} label={t("check.question")} type="text" maxLength={500} />
                  <TextareaField
                    field={question.choices}
                    label={t("qual.choices")}
                    hint={t("qual.choicesHint")}
                    rows={4}
                    placeholder={t("qual.choicesPlaceholder")}
                  />
                  <WholeNumberField
                    field={question.answer}
                    label={t("qual.answer")}
                    hint={t("qual.answerHint")}
                    min={1}
                    max={6}
                  />
                  <Button type="submit" disabled={adding} className="justify-self-start">
                    {adding ? t("qual.adding") : t("qual.add")}
                  </Button>
                </Form>
              </Card>
            )}
          </HeadedSection>
          <HeadedSection id="holders-heading" title={t("quals.holders")} className="grid gap-3">
            <PagedList
              count={holders.items.length}
              page={holders.page}
              pages={holders.pages}
              empty={<EmptyState message={t("qual.nobody")} />}
            >
              <CardTable
                label={t("quals.holders")}
                testId="holders"
                columns={[{ header: t("review.worker") }, { header: t("qual.score") }, ACTIONS_COLUMN]}
                rows={holders.items}
                row={(h) => (
                  <CardRow data-testid="holder">
                    <Cell>
                      <p className="name">{h.workerName}</p>
                      <p className="meta">
                        {h.source === "hand" ? t("qual.granted") : t("qual.taken")} <LocalTime at={h.grantedAt} />
                      </p>
                    </Cell>
                    <Cell label={t("qual.score")}>
                      <Badge tone={h.source === "hand" ? "neutral" : "success"}>{f.count(h.score)}</Badge>
                    </Cell>
                    <ActionsCell>
                      <ActionTrigger
                        flow={flow}
                        spec={revokeSpec(t, h)}
                        label={t("qual.revokeLabel", { worker: h.workerName })}
                        stayLink
                        variant="danger"
                      >
                        {t("apiKeys.revoke")}
                      </ActionTrigger>
                    </ActionsCell>
                  </CardRow>
                )}
              />
            </PagedList>
          </HeadedSection>
        </div>
        <Card className="p-5 sm:p-6">
          <h2 className="mb-3 text-lg font-semibold">{t("qual.details")}</h2>
          <Form
            method="post"
            action={`${here}?form=details`}
            {...getFormProps(detailsForm)}
            className="grid gap-4"
            aria-busy={savingDetails}
          >
            <QualificationFields name={details.name} description={details.description} retake={details.retake_hours} />
            <Button type="submit" disabled={savingDetails}>
              {savingDetails ? t("taskForm.saving") : t("qual.saveDetails")}
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
  const t = useWords("buyer");
  return useNotFoundBoundary(
    <NotFoundPanel title={t("qual.notFound")} message={t("qual.notFoundMessage")}>
      <Link to="/dashboard/qualifications" className={buttonVariants({ size: "lg" })}>
        {t("qual.back")}
      </Link>
    </NotFoundPanel>,
  );
}
