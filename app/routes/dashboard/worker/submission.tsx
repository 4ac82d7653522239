import { rowAction } from "~/lib/schemas/fields";
import { data, Link, useActionData, useNavigate } from "react-router";
import { NotFoundPanel, useNotFoundBoundary } from "~/components/not-found-panel";
import { Undo2 } from "~/components/icons";
import type { Route } from "./+types/submission";
import { bonusesOn } from "~/server/services/bonuses.server";
import { formatCoins } from "~/lib/format";
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
import { AppealCell, appealSpec } from "~/components/worker/appeal";
import { CoinAmount } from "~/components/worker/coin-amount";
import {
  DEFAULT_SUBMISSION_PLACEHOLDER,
  ProofForm,
  ProofReviewPanel,
  proofReviewOf,
} from "~/components/worker/proof-form";
import { appealUntil } from "~/lib/appeals";
import { autoApproveCountdown, autoApprovesAt, NO_REASON_GIVEN } from "~/lib/review";
import { proofFormSchema, proofImage } from "~/lib/schemas/money";

import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { postedIntent } from "~/server/http/form.server";
import { confirmAction, formAction } from "~/server/http/page-action.server";
import { PROOF_IMAGE } from "./proof-image.server";
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

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Your submission for ${loaderData.submission.taskTitle} · Coinwork` : "Submission · Coinwork" },
];

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
    review: dueAt === null || revisionDue ? null : { at: dueAt, countdown: autoApproveCountdown(dueAt, now) },
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

const withdrawAction = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: workerUser,
    schema: withdrawSchema,
    failure: () => ({ title: "Not withdrawn" }),
    async run({ id }, { user, env }) {
      const done = await withdrawSubmission(env, user, id);
      return {
        title: "Submission withdrawn",
        message: `Your submission for "${done.taskTitle}" is withdrawn and nothing is marked against you.`,
        to: LIST,
      };
    },
  });

const editAction = (args: Route.ActionArgs) =>
  formAction(args, {
    user: workerUser,
    schema: proofFormSchema,
    upload: PROOF_IMAGE,
    failure: (refused) => ({ title: "Submission not changed", message: refused.message }),
    async review(input, { user, env, image }) {
      // refused now rather than after the worker has checked it, if it is no longer theirs to change
      const s = await ownSubmission(env, user.id, args.params.id);
      if (s.status !== "pending") throw new AppError("conflict", "This submission has been reviewed already.");
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
        title: "Submission changed",
        message: "The buyer is told, and has the whole review window again to look at it.",
        to: `${LIST}/${args.params.id}`,
      };
    },
  });

export const shouldRevalidate = revalidateAfterPost;

type Submission = Route.ComponentProps["loaderData"]["submission"];

function withdrawSpec(s: Submission): ActionSpec {
  return {
    intent: "withdraw",
    id: s.id,
    title: "Withdraw this submission?",
    description: `Your slot on “${s.taskTitle}” goes back to the task and nothing is marked against you: it does not count as a rejection. You can submit again while the task has an open slot.`,
    confirmLabel: "Yes, withdraw",
    destructive: true,
  };
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
  const noJsSpec = useNoJsSpec([s], { withdraw: withdrawSpec, appeal: appealSpec });
  const pending = s.status === "pending";
  const at = `${LIST}/${s.id}`;
  return (
    <>
      <BackLink to={LIST}>My Submissions</BackLink>
      <PageHeader title={s.taskTitle} description={`Your submission to ${s.buyerName}'s task.`} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid gap-6">
          <Card className="grid gap-4 p-5 sm:p-6">
            <div className="flex flex-wrap items-center gap-3">
              <StatusBadge status={s.status} />
              <CoinAmount coins={s.payableAmount} />
            </div>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <Fact label="Sent">
                <LocalTime at={s.createdAt} />
              </Fact>
              {s.editedAt ? (
                <Fact label="Changed">
                  <LocalTime at={s.editedAt} />
                </Fact>
              ) : null}
              {due ? (
                <Fact label="Review deadline">
                  <span data-testid="review-deadline">
                    <LocalTime at={due.at} />
                    <span className="block text-xs font-normal text-amber-800">
                      If the buyer has not decided by then, it is approved and you are paid ({due.countdown}).
                    </span>
                  </span>
                </Fact>
              ) : null}
              {s.reviewedAt ? (
                <Fact label={s.status === "cancelled" ? "Cancelled" : "Reviewed"}>
                  <LocalTime at={s.reviewedAt} />
                </Fact>
              ) : null}
            </dl>
            {s.status === "rejected" ? (
              <Alert tone="danger" title="Rejected" data-testid="reject-reason">
                <span className="font-semibold">Reason: </span>
                {s.rejectReason || NO_REASON_GIVEN}
              </Alert>
            ) : null}
            {revision ? (
              <Alert tone="warning" title="The buyer asks for a revision" data-testid="revision-asked">
                <p className="whitespace-pre-wrap">{revision.note}</p>
                <p className="mt-1">
                  Change your submission by <LocalTime at={revision.dueAt} /> and it waits for review again. Otherwise
                  your original proof goes back to the buyer as it is.
                </p>
              </Alert>
            ) : null}
            <AppealCell row={s} flow={flow} />
            <Link to={messages} className="text-sm font-semibold text-brand-700 hover:underline">
              Messages with the buyer
            </Link>
            {bonuses.map((b) => (
              <Alert key={b.id} tone="success" title={`Bonus: ${formatCoins(b.coins)}`} data-testid="bonus">
                {b.reason} <LocalTime at={b.createdAt} className="text-xs text-muted-foreground" />
              </Alert>
            ))}
          </Card>
          <HeadedSection id="asked-heading" title="What the task asked for" className="grid gap-2">
            <p className="whitespace-pre-line rounded-xl bg-brand-50/70 p-4 text-brand-900">{s.taskInstructions}</p>
            <Link
              to={`/dashboard/tasklist/${s.taskId}`}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              Open the task
            </Link>
          </HeadedSection>
          <HeadedSection id="proof-heading" title="What you sent" className="grid gap-2">
            <ProofBody proof={s} alt="The image you sent" />
            {check ? (
              <dl
                className="grid gap-1 rounded-lg border border-border px-4 py-3 text-sm"
                data-testid="check-answer-sent"
              >
                <dt className="text-muted-foreground">{check.question}</dt>
                <dd>
                  Your answer: <span className="font-semibold">{checkAnswer ?? "none yet"}</span>
                </dd>
              </dl>
            ) : null}
          </HeadedSection>
        </div>

        {pending ? (
          <aside className="grid gap-4 lg:sticky lg:top-24" aria-label="Change or withdraw">
            <Card className="grid gap-4 p-5 sm:p-6">
              <div className="grid gap-1">
                <h2 className="text-lg font-semibold">Change your submission</h2>
                <p className="text-sm text-muted-foreground">
                  While it waits for review you can change it. The buyer is told, and the review window starts again.
                </p>
              </div>
              <FailureAlert failure={failure} />
              {proofReview ? (
                <ProofReviewPanel
                  review={proofReview}
                  action={at}
                  hidden={{ intent: "edit" }}
                  sendLabel="Save the change"
                  note="The buyer sees the new version from now on."
                />
              ) : null}
              <ProofForm
                id="submission-edit"
                action={at}
                placeholder={DEFAULT_SUBMISSION_PLACEHOLDER}
                lastResult={outcome?.result}
                imageError={outcome?.fields?.image?.[0]}
                defaultText={s.text}
                keptImage={proofReview ? proofReview.imageUrl : s.imageUrl}
                hidden={{ intent: "edit" }}
                reviewLabel="Review the change"
                reviewing={proofReview !== null}
                check={check}
                defaultCheckAnswer={checkAnswer ?? undefined}
              />
            </Card>
            <Card className="grid gap-3 p-5 sm:p-6">
              <h2 className="text-lg font-semibold">Withdraw it</h2>
              <p className="text-sm text-muted-foreground">
                Sent it by mistake? Withdrawing gives the slot back to the task. It is not a rejection.
              </p>
              <ActionTrigger
                flow={flow}
                spec={withdrawSpec(s)}
                size="default"
                variant="danger"
                icon={<Undo2 aria-hidden />}
              >
                Withdraw submission
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
  return useNotFoundBoundary(
    <NotFoundPanel title="Submission not found" message="It was withdrawn, or it is not yours.">
      <Link to={LIST} className={buttonVariants({ size: "lg" })}>
        My Submissions
      </Link>
    </NotFoundPanel>,
  );
}
