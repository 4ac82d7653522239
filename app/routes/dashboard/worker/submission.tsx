import { rowAction } from "~/lib/schemas/fields";
import { data, Link, useActionData, useNavigate } from "react-router";
import { NotFoundPanel, useNotFoundBoundary } from "~/components/not-found-panel";
import { Undo2 } from "~/components/icons/more";
import type { Route } from "./+types/submission";
import { bonusesOn } from "~/server/services/bonuses.server";
import { BackLink, PageHeader } from "~/components/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { StatusBadge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { buttonVariants } from "~/components/ui/button";
import { FailureAlert, failureOf, useFailureToast } from "~/components/form-kit";
import { LocalTime } from "~/components/local-time";
import { ProofBody } from "~/components/proof";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { ActionTrigger } from "~/components/actions/trigger";
import { useActionFlow, type ActionSpec } from "~/components/actions/flow";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { AppealCell, useAppealSpec } from "~/components/worker/appeal";
import { CoinAmount } from "~/components/worker/coin-amount";
import { ProofForm, ProofReviewPanel, proofReviewOf } from "~/components/worker/proof-form";
import { appealUntil } from "~/lib/appeals";
import { autoApprovesAt } from "~/lib/review";
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { actionWords } from "./words.server";
import { proofFormSchema, proofImage } from "~/lib/schemas/money";

import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { postedIntent } from "~/server/http/form.server";
import { confirmAction, formAction } from "~/server/http/page-action.server";
import { proofImageUpload } from "./proof-image.server";
import { AppError } from "~/server/errors";
import {
  editSubmission,
  reviewWindowOf,
  withdrawSubmission,
  workerSubmission,
} from "~/server/services/submissions.server";
import { appealAction } from "./appeal.server";
import { afterDueRevisions } from "~/server/services/revisions.server";
import { checkWithAnswer, judgeCheckAnswer } from "~/server/services/proof-flags.server";
import { threadPath } from "~/server/services/messages.server";
import { HeadedSection } from "~/components/headed-section";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaWords(matches, "worker");
  return [
    {
      title: loaderData
        ? t("submission.meta", { title: loaderData.submission.taskTitle })
        : t("submission.metaNotFound"),
    },
  ];
};

const LIST = "/dashboard/mysubmissions";

/** The worker's own submission, or the page's 404 (another worker's is not found either). */
async function ownSubmission(env: Env, workerId: string, id: string) {
  try {
    return await workerSubmission(env, workerId, id);
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") throw data("Submission not found", { status: 404 });
    throw e;
  }
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = workerUser(context);
  const env = getEnv(context);
  const now = Date.now();
  // every read in one step (docs/decisions/068); another worker's submission is a 404 before anything is answered
  const [s, bonuses, check] = await Promise.all([
    afterDueRevisions(
      env,
      now,
      () => ownSubmission(env, user.id, params.id),
      (found) => [found],
    ),
    bonusesOn(env, user, [params.id]),
    checkWithAnswer(env, params.id),
  ]);
  const revisionDue = s.status === "pending" ? s.revisionDueAt : null;
  const dueAt = s.status === "pending" ? autoApprovesAt(s.editedAt ?? s.createdAt, reviewWindowOf(env)) : null;
  return {
    submission: {
      id: s.id,
      taskId: s.taskId,
      taskTitle: s.taskTitle,
      taskInstructions: s.taskInstructions,
      buyerName: s.buyerName,
      payableAmount: s.payableAmount,
      status: s.status,
      text: s.submissionDetails,
      imageUrl: s.submissionImageUrl,
      createdAt: s.createdAt,
      editedAt: s.editedAt,
      reviewedAt: s.reviewedAt,
      rejectReason: s.rejectReason,
      appealStatus: s.appealStatus,
      appealUntil: appealUntil(s, s.appealStatus !== null, now),
    },
    review: dueAt === null || revisionDue ? null : { at: dueAt, now },
    revision: revisionDue ? { note: s.revisionNote ?? "", dueAt: revisionDue } : null,
    messages: threadPath({ submissionId: s.id }),
    // the task's check question (never its expected answer) and the worker's answer to it
    check: check ? { question: check.question, match: check.match, choices: check.choices } : null,
    checkAnswer: check?.answer ?? null,
    bonuses: bonuses.map((b) => ({ id: b.id, coins: b.coins, reason: b.reason, createdAt: b.createdAt })),
  };
}

const withdrawSchema = rowAction("withdraw");

/** Three forms post here: an edit of the proof (reviewed first), the withdrawal and the appeal (both confirmed). */
export async function action(args: Route.ActionArgs) {
  const intent = await postedIntent(args.request);
  if (intent === "appeal") return appealAction(args);
  if (intent === "withdraw") return withdrawAction(args);
  return editAction(args);
}

function withdrawAction(args: Route.ActionArgs) {
  const { t } = actionWords(args);
  return confirmAction(args, {
    user: workerUser,
    schema: withdrawSchema,
    failure: () => ({ title: t("submission.notWithdrawn") }),
    async run({ id }, { user, env }) {
      const done = await withdrawSubmission(env, user, id);
      return {
        title: t("submission.withdrawn"),
        message: t("submission.withdrawnMessage", { title: done.taskTitle }),
        to: LIST,
      };
    },
  });
}

function editAction(args: Route.ActionArgs) {
  const { t } = actionWords(args);
  return formAction(args, {
    user: workerUser,
    schema: proofFormSchema,
    upload: proofImageUpload(args),
    failure: (refused) => ({ title: t("submission.notChanged"), message: refused.message }),
    async review(input, { user, env, image }) {
      // refused now rather than after the worker has checked it, if it is no longer theirs to change
      const s = await ownSubmission(env, user.id, args.params.id);
      if (s.status !== "pending") throw new AppError("conflict", t("submission.reviewedAlready"));
      // a blank answer to the check question is refused here already; right or wrong is never said
      const judged = await judgeCheckAnswer(env, s.taskId, input.check_answer);
      return {
        text: input.submission_details,
        imageUrl: proofImage(input, image),
        ...(judged ? { checkAnswer: judged.answer } : {}),
      };
    },
    async run(input, { user, env, image }) {
      await editSubmission(env, user, args.params.id, {
        submission_details: input.submission_details,
        submission_image_url: proofImage(input, image),
        check_answer: input.check_answer,
      });
      return {
        title: t("submission.changed"),
        message: t("submission.changedMessage"),
        to: `${LIST}/${args.params.id}`,
      };
    },
  });
}

export const shouldRevalidate = revalidateAfterPost;

type Submission = Route.ComponentProps["loaderData"]["submission"];

function withdrawSpec(t: Words<"worker">, s: Submission): ActionSpec {
  return {
    intent: "withdraw",
    id: s.id,
    title: t("submission.withdrawTitle"),
    description: t("submission.withdrawDescription", { title: s.taskTitle }),
    confirmLabel: t("submission.withdrawConfirm"),
    destructive: true,
  };
}

const HOUR = 3_600_000;

/** "auto-approves in 3 hours" (as app/lib/review.ts's autoApproveCountdown, in the page's words). */
function countdownWords(t: Words<"worker">, dueAt: number, now: number): string {
  const left = dueAt - now;
  if (left <= 0) return t("submission.autoShortly");
  const hours = Math.round(left / HOUR);
  if (hours < 1) return t("submission.autoWithinHour");
  if (hours < 24) return t("submission.autoInHours", { count: hours });
  return t("submission.autoInDays", { count: Math.round(left / (24 * HOUR)) });
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export default function SubmissionPage({ loaderData }: Route.ComponentProps) {
  const { submission: s, review: due, bonuses, revision, messages, check, checkAnswer } = loaderData;
  const navigate = useNavigate();
  const outcome = useActionData<typeof editAction>();
  const failure = failureOf(outcome);
  const proofReview = proofReviewOf(outcome?.review);
  useFailureToast(outcome);
  const flow = useActionFlow((o, spec) => {
    if (o.ok && spec.intent === "withdraw") void navigate(LIST);
  });
  const t = useWords("worker");
  const f = useFormat();
  const appealSpec = useAppealSpec();
  const noJsSpec = useNoJsSpec([s], { withdraw: (row) => withdrawSpec(t, row), appeal: appealSpec });
  const pending = s.status === "pending";
  const at = `${LIST}/${s.id}`;
  return (
    <>
      <BackLink to={LIST}>{t("submission.back")}</BackLink>
      <PageHeader title={s.taskTitle} description={t("submission.description", { buyer: s.buyerName })} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid gap-6">
          <Card className="grid gap-4 p-5 sm:p-6">
            <div className="flex flex-wrap items-center gap-3">
              <StatusBadge status={s.status} />
              <CoinAmount coins={s.payableAmount} />
            </div>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <Fact label={t("submission.sent")}>
                <LocalTime at={s.createdAt} />
              </Fact>
              {s.editedAt ? (
                <Fact label={t("submission.changedAt")}>
                  <LocalTime at={s.editedAt} />
                </Fact>
              ) : null}
              {due ? (
                <Fact label={t("submission.reviewDeadline")}>
                  <span data-testid="review-deadline">
                    <LocalTime at={due.at} />
                    <span className="block text-xs font-normal text-amber-800">
                      {t("submission.autoApproveNote", { countdown: countdownWords(t, due.at, due.now) })}
                    </span>
                  </span>
                </Fact>
              ) : null}
              {s.reviewedAt ? (
                <Fact label={s.status === "cancelled" ? t("submission.cancelled") : t("submission.reviewed")}>
                  <LocalTime at={s.reviewedAt} />
                </Fact>
              ) : null}
            </dl>
            {s.status === "rejected" ? (
              <Alert tone="danger" title={t("submission.rejected")} data-testid="reject-reason">
                <span className="font-semibold">{t("reason")}</span>
                {s.rejectReason || t("noReasonGiven")}
              </Alert>
            ) : null}
            {revision ? (
              <Alert tone="warning" title={t("submission.revisionTitle")} data-testid="revision-asked">
                <p className="whitespace-pre-wrap">{revision.note}</p>
                <p className="mt-1">
                  {t.rich("submission.revisionBody", { time: () => <LocalTime at={revision.dueAt} /> })}
                </p>
              </Alert>
            ) : null}
            <AppealCell row={s} flow={flow} />
            <Link to={messages} className="text-sm font-semibold text-brand-700 hover:underline">
              {t("submission.messages")}
            </Link>
            {bonuses.map((b) => (
              <Alert
                key={b.id}
                tone="success"
                title={t("submission.bonus", { coins: f.coins(b.coins) })}
                data-testid="bonus"
              >
                {b.reason} <LocalTime at={b.createdAt} className="text-xs text-muted-foreground" />
              </Alert>
            ))}
          </Card>
          <HeadedSection id="asked-heading" title={t("submission.asked")} className="grid gap-2">
            <p className="whitespace-pre-line rounded-xl bg-brand-50/70 p-4 text-brand-900">{s.taskInstructions}</p>
            <Link
              to={`/dashboard/tasklist/${s.taskId}`}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              {t("submission.openTask")}
            </Link>
          </HeadedSection>
          <HeadedSection id="proof-heading" title={t("submission.whatYouSent")} className="grid gap-2">
            <ProofBody proof={s} alt={t("submission.imageAlt")} />
            {check ? (
              <dl
                className="grid gap-1 rounded-lg border border-border px-4 py-3 text-sm"
                data-testid="check-answer-sent"
              >
                <dt className="text-muted-foreground">{check.question}</dt>
                <dd>
                  {t.rich("submission.yourAnswer", {
                    reply: checkAnswer ?? t("submission.noAnswer"),
                    strong: (chunks) => <span className="font-semibold">{chunks}</span>,
                  })}
                </dd>
              </dl>
            ) : null}
          </HeadedSection>
        </div>

        {pending ? (
          <aside className="grid gap-4 lg:sticky lg:top-24" aria-label={t("submission.asideLabel")}>
            <Card className="grid gap-4 p-5 sm:p-6">
              <div className="grid gap-1">
                <h2 className="text-lg font-semibold">{t("submission.changeHeading")}</h2>
                <p className="text-sm text-muted-foreground">{t("submission.changeIntro")}</p>
              </div>
              <FailureAlert failure={failure} />
              {proofReview ? (
                <ProofReviewPanel
                  review={proofReview}
                  action={at}
                  hidden={{ intent: "edit" }}
                  sendLabel={t("submission.saveChange")}
                  note={t("submission.saveNote")}
                />
              ) : null}
              <ProofForm
                id="submission-edit"
                action={at}
                lastResult={outcome?.result}
                imageError={outcome?.fields?.image?.[0]}
                defaultText={s.text}
                keptImage={proofReview ? proofReview.imageUrl : s.imageUrl}
                hidden={{ intent: "edit" }}
                reviewLabel={t("submission.reviewChange")}
                reviewing={proofReview !== null}
                check={check}
                defaultCheckAnswer={checkAnswer ?? undefined}
              />
            </Card>
            <Card className="grid gap-3 p-5 sm:p-6">
              <h2 className="text-lg font-semibold">{t("submission.withdrawHeading")}</h2>
              <p className="text-sm text-muted-foreground">{t("submission.withdrawIntro")}</p>
              <ActionTrigger
                flow={flow}
                spec={withdrawSpec(t, s)}
                size="default"
                variant="danger"
                icon={<Undo2 aria-hidden />}
              >
                {t("submission.withdrawButton")}
              </ActionTrigger>
            </Card>
          </aside>
        ) : null}
      </div>
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

export function ErrorBoundary() {
  const t = useWords("worker");
  return useNotFoundBoundary(
    <NotFoundPanel title={t("submission.notFound")} message={t("submission.notFoundMessage")}>
      <Link to={LIST} className={buttonVariants({ size: "lg" })}>
        {t("submission.back")}
      </Link>
    </NotFoundPanel>,
  );
}
