import { Form, Link, data, isRouteErrorResponse, useActionData, useRouteError } from "react-router";
import * as v from "valibot";
import { CalendarDays, Mail } from "~/components/icons";
import { Coins as CoinsIcon, Hourglass, Tag, UserRound, Users } from "~/components/icons/more";
import { IconFact } from "~/components/ui/icon-fact";
import { BackLink } from "~/components/dashboard-shell";
import type { Route } from "./+types/task-detail";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FailureAlert, failureOf, useFailureToast } from "~/components/form-kit";
import { Coins, Dollars, useWithdrawRateNote } from "~/components/worker/coin-amount";
import { TaskImage } from "~/components/task-image";
import { TaskBrief } from "~/components/task-brief";
import { threadPath } from "~/server/services/messages.server";
import { TaskNotFound } from "~/components/worker/task-not-found";
import { daysUntil } from "~/components/worker/due";
import { DueBadge, DueDay } from "~/components/worker/due-badge";
import { ProofForm, ProofReviewPanel, proofReviewOf } from "~/components/worker/proof-form";
import { proofFormSchema, proofImage } from "~/lib/schemas/money";
import { cn } from "~/lib/cn";
import { metaWords, useWords } from "~/lib/i18n/react";
import type { Key } from "~/lib/i18n/messages";
import { useCategoryName } from "~/components/category-name";
import { actionWords } from "./words.server";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { formAction } from "~/server/http/page-action.server";
import { proofImageUpload } from "./proof-image.server";
import { refusing, saidIn } from "~/server/errors";
import { requestLanguage } from "~/server/http/language.server";
import { findTaskCard } from "~/server/services/tasks.server";
import { payRateFor } from "~/server/services/pay-rate.server";
import { PayRateFact } from "~/components/pay-rate";
import { BuyerReputation } from "~/components/buyer-reputation";
import { createSubmission, submissionBlocker } from "~/server/services/submissions.server";
import { taskAccess } from "~/server/services/eligibility.server";
import { judgeCheckAnswer, taskCheckForWorker } from "~/server/services/proof-flags.server";
import { giveBackTask, heldSlotOf, startTask } from "~/server/services/slots.server";
import { requestQualification } from "~/server/services/qualification-requests.server";
import { confirmAction } from "~/server/http/page-action.server";
import { postedIntent } from "~/server/http/form.server";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { useActionFlow } from "~/components/actions/flow";
import { giveBackSpec, HeldSlotPanel, StartPanel } from "~/components/worker/held-slot";
import { HitQuestionFrame, HitWorkSent } from "~/components/worker/hit-question";
import { questionFrame } from "~/server/mturk/question-frame.server";
import { hitQuestionXml } from "~/server/services/hit-questions.server";
import { loadWithFrames, type CspHandle } from "~/lib/csp";

/** The origin of the task's question frame (the question origin, or an ExternalQuestion's site), if it has one. */
const questionFrames = (data: { question: { origin: string } | null } | undefined) =>
  data?.question ? [data.question.origin] : [];

/**
 * A HIT's question is framed here (docs/mturk.md): the policy lets exactly its origin's frame in. A task whose
 * question the document's policy does not let in reloads as a new document when reached from another page; every
 * other task navigates in place.
 */
export const handle: CspHandle<{ question: { origin: string } | null }> = { frames: questionFrames };
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  loadWithFrames(request, serverLoader, questionFrames);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaWords(matches, "worker");
  return [
    { title: loaderData ? t("taskDetail.meta", { title: loaderData.task.taskTitle }) : t("taskDetail.metaNotFound") },
  ];
};

/** The task as this worker may see it, with their card's facts: 404 when it is gone or its buyer blocks them. */
async function loadTask(env: Env, workerId: string, id: string) {
  const task = await findTaskCard(env, workerId, id);
  if (!task) throw data("Task not found", { status: 404 });
  return task;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const user = workerUser(context);
  const env = getEnv(context);
  const now = Date.now(); // one instant for the note and the badge: both apply the same deadline rule
  // every read in one step (docs/decisions/068); none depends on another's rows
  const [held, read, check, access, questionXml] = await Promise.all([
    heldSlotOf(env, user.id, params.id, now),
    loadTask(env, user.id, params.id),
    taskCheckForWorker(env, params.id),
    taskAccess(env, user.id, params.id),
    hitQuestionXml(env, params.id),
  ]);
  const unmet = access.unmet;
  // a start whose time ran out has just returned its slot: the task is read again with it
  const task = held.expired ? await loadTask(env, user.id, params.id) : read;
  const blocked = submissionBlocker(
    user.id,
    task,
    { mySubmission: task.card.mySubmission, ineligibility: unmet?.reason ?? null },
    now,
    held.hold !== null,
  );
  // the reason in the worker's language, and which it is (the alert's tone and title)
  const blocker = blocked ? { key: blocked.key, reason: saidIn(requestLanguage(request, user), blocked) } : null;
  // a required qualification the worker lacks: the way to its test, or to ask its owner for it, when it has one
  const test = blocker ? (unmet?.test ?? null) : null;
  const ask = blocker ? (unmet?.request ?? null) : null;
  // a HIT whose work was sent (its frame's form posted, or a reload after): its question is not framed again; a
  // requirement they do not meet that guards the preview keeps the question from them (MTurk's ActionsGuarded)
  const hitSent = questionXml !== null ? task.card.mySubmission : null;
  const question =
    hitSent || !access.canPreview ? null : await questionFrame(env, request, task.id, questionXml, held.hold);
  return {
    questions: threadPath({ taskId: task.id, workerId: user.id }),
    check,
    task: {
      id: task.id,
      taskTitle: task.taskTitle,
      taskDetail: task.taskDetail,
      taskImageUrl: task.taskImageUrl,
      category: task.category,
      requiredWorkers: task.requiredWorkers,
      payableAmount: task.payableAmount,
      completionDate: task.completionDate,
      submissionInfo: task.submissionInfo,
      buyerName: task.buyerName,
      buyerEmail: task.buyerEmail,
      daysLeft: daysUntil(task.completionDate, now),
      timeAllowanceMinutes: task.timeAllowanceMinutes,
      payRate: payRateFor(env, task),
    },
    reputation: task.card.reputation,
    blocker,
    test,
    ask,
    hold: held.hold ? { startedAt: held.hold.startedAt, expiresAt: held.hold.expiresAt } : null,
    timeRanOut: held.expired,
    now,
    question,
    hitSent,
  };
}

const slotSchema = v.object({ intent: v.picklist(["start", "giveback"]), id: v.string() });

/** Start the task, or give it back (confirmed): a plain post either way, answered with a flash or data. */
function slotAction(args: Route.ActionArgs) {
  const { t } = actionWords(args);
  return confirmAction(args, {
    user: workerUser,
    schema: slotSchema,
    failure: (intent) => ({ title: intent === "start" ? t("taskDetail.notStarted") : t("taskDetail.notGivenBack") }),
    async run({ intent }, { user, env }) {
      // back to the task page by its path: the Start form posts without the script marker, so with JavaScript the
      // redirect answers a data request whose URL is not the page's
      const to = `/dashboard/tasklist/${args.params.id}`;
      if (intent === "start") {
        await startTask(env, user, args.params.id);
        return { title: t("taskDetail.started"), message: t("taskDetail.startedMessage"), to };
      }
      await giveBackTask(env, user, args.params.id);
      return { title: t("taskDetail.givenBack"), message: t("taskDetail.givenBackMessage"), to };
    },
  });
}

const askSchema = v.object({ intent: v.literal("askqualification"), id: v.string() });

/** Ask the owner of a requestable qualification the task requires for it (qualification-requests.server.ts). */
function askAction(args: Route.ActionArgs) {
  const { t } = actionWords(args);
  return confirmAction(args, {
    user: workerUser,
    schema: askSchema,
    failure: () => ({ title: t("taskDetail.notAsked") }),
    async run({ id }, { user, env }) {
      const { name } = await requestQualification(env, user, id);
      return {
        title: t("taskDetail.asked"),
        message: t("taskDetail.askedMessage", { name }),
        to: `/dashboard/tasklist/${args.params.id}`,
      };
    },
  });
}

export async function action(args: Route.ActionArgs) {
  const intent = await postedIntent(args.request);
  if (intent === "start" || intent === "giveback") return slotAction(args);
  if (intent === "askqualification") return askAction(args);
  return proofAction(args);
}

async function proofAction(args: Route.ActionArgs) {
  const task = await loadTask(getEnv(args.context), workerUser(args.context).id, args.params.id);
  // A blocked worker (already submitted, no slot left, past the date) is refused with the reason, at the review and
  // at the sending; a lost race is refused by the service. Either way an uploaded image goes with the refusal.
  const refuseBlocked = (workerId: string) => {
    const blocker = submissionBlocker(
      workerId,
      task,
      { mySubmission: task.card.mySubmission, ineligibility: null },
      Date.now(),
      true,
    );
    if (blocker) throw refusing("conflict", blocker);
  };
  const { t } = actionWords(args);
  return formAction(args, {
    user: workerUser,
    schema: proofFormSchema,
    upload: proofImageUpload(args),
    failure: (refused) => ({ title: t("taskDetail.submissionFailed"), message: refused.message }),
    unexpected: t("unexpected"),
    async review(input, { user, env, image }) {
      refuseBlocked(user.id);
      // a blank answer to the check question is refused here already; right or wrong is never said
      const judged = await judgeCheckAnswer(env, task.id, input.check_answer);
      return {
        text: input.submission_details,
        imageUrl: proofImage(input, image),
        ...(judged ? { checkAnswer: judged.answer } : {}),
      };
    },
    async run(input, { user, env, image }) {
      refuseBlocked(user.id);
      await createSubmission(env, user, {
        task_id: task.id,
        submission_details: input.submission_details,
        submission_image_url: proofImage(input, image),
        check_answer: input.check_answer,
      });
      return {
        title: t("taskDetail.submissionSent"),
        message: t("taskDetail.submissionSentMessage", { title: task.taskTitle }),
        to: "/dashboard/mysubmissions",
      };
    },
  });
}

function Blocked({
  blocker,
  test,
  request,
  taskId,
}: {
  blocker: { key?: Key<"errors">; reason: string };
  test: { id: string; name: string } | null;
  request: { id: string; name: string; pending: boolean } | null;
  taskId: string;
}) {
  const t = useWords("worker");
  // the worker's own submission blocks them, or something about the task
  const approved = blocker.key === "task.yoursApproved";
  const own = approved || blocker.key === "task.yoursWaiting";
  return (
    <Alert
      tone={approved ? "success" : own ? "info" : "warning"}
      title={
        approved
          ? t("taskDetail.alreadyApproved")
          : own
            ? t("taskDetail.alreadySubmitted")
            : blocker.key === "task.paused"
              ? t("taskDetail.paused")
              : t("taskDetail.notTaking")
      }
      data-testid="submission-blocker"
      action={
        request && !request.pending ? (
          <Form method="post" action={`/dashboard/tasklist/${taskId}`}>
            <input type="hidden" name="intent" value="askqualification" />
            <input type="hidden" name="id" value={request.id} />
            <button type="submit" className={cn(buttonVariants({ variant: "outline", size: "sm" }), "bg-white")}>
              {t("taskDetail.askQualification")}
            </button>
          </Form>
        ) : test ? (
          <Link
            to={`/dashboard/tests/${test.id}?task=${encodeURIComponent(taskId)}`}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "bg-white")}
          >
            {t("taskDetail.takeTest")}
          </Link>
        ) : (
          <Link
            to={own ? "/dashboard/mysubmissions" : "/dashboard/tasklist"}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "bg-white")}
          >
            {own ? t("taskDetail.viewSubmissions") : t("taskDetail.browseOther")}
          </Link>
        )
      }
    >
      {blocker.reason}
      {request?.pending ? (
        <span className="mt-1 block" data-testid="qualification-asked">
          {t("taskDetail.youAsked", { name: request.name })}
        </span>
      ) : null}
    </Alert>
  );
}

export default function TaskDetail({ loaderData }: Route.ComponentProps) {
  const { task, reputation, blocker, test, ask, hold, timeRanOut, now, question, hitSent, check } = loaderData;
  const flow = useActionFlow();
  const t = useWords("worker");
  const common = useWords("common");
  const categoryName = useCategoryName();
  const rateNote = useWithdrawRateNote();
  const noJsSpec = useNoJsSpec([task], { giveback: (row) => giveBackSpec(t, row) });
  const outcome = useActionData<typeof proofAction>();
  const failure = failureOf(outcome);
  const review = proofReviewOf(outcome?.review);
  const formAt = `/dashboard/tasklist/${task.id}`;
  useFailureToast(outcome);
  return (
    <>
      <BackLink to="/dashboard/tasklist">{t("taskDetail.back")}</BackLink>
      <header className="mb-6 grid gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800 ring-1 ring-inset ring-brand-200">
            {categoryName(task.category)}
          </span>
          <DueBadge daysLeft={task.daysLeft} className="px-2.5" />
        </div>
        <h1 id="task-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {task.taskTitle}
        </h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <UserRound className="size-4" aria-hidden />
            {t.rich("taskDetail.postedBy", {
              name: task.buyerName,
              strong: (chunks) => <span className="font-semibold text-foreground">{chunks}</span>,
            })}
          </span>
          <a
            href={`mailto:${task.buyerEmail}`}
            className="inline-flex items-center gap-1.5 break-all hover:text-foreground hover:underline"
          >
            <Mail className="size-4 shrink-0" aria-hidden />
            {task.buyerEmail}
          </a>
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <article className="grid gap-6" aria-labelledby="task-title">
          <TaskImage
            src={task.taskImageUrl}
            category={task.category}
            alt={task.taskImageUrl ? t("taskDetail.imageAlt", { title: task.taskTitle }) : ""}
            priority
            className="aspect-[2/1] rounded-2xl border border-border"
          />
          <Card className="p-5 sm:p-6">
            <dl className="grid gap-5 sm:grid-cols-2">
              <IconFact icon={CoinsIcon} label={t("taskDetail.payableAmount")}>
                <span className="flex flex-wrap items-baseline gap-x-2">
                  <Coins coins={task.payableAmount} className="text-amber-900" />
                  <Dollars coins={task.payableAmount} className="text-sm font-medium text-muted-foreground" />
                </span>
              </IconFact>
              <IconFact icon={Users} label={t("taskDetail.workersNeeded")}>
                {t("taskDetail.slotsOpen", { count: task.requiredWorkers })}
              </IconFact>
              <IconFact icon={Tag} label={t("taskDetail.category")}>
                {categoryName(task.category)}
              </IconFact>
              <IconFact icon={CalendarDays} label={t("taskDetail.completionDate")}>
                <DueDay date={task.completionDate} />
              </IconFact>
              <IconFact icon={Hourglass} label={common("payRate.label")}>
                <PayRateFact rate={task.payRate} />
              </IconFact>
            </dl>
          </Card>
          <Card className="grid gap-3 p-5 sm:p-6" aria-labelledby="buyer-record-heading">
            <h2 id="buyer-record-heading" className="text-base font-semibold">
              {t("taskDetail.buyerRecord")}{" "}
              <Link to={`/buyers/${reputation.buyerId}`} className="text-sm font-medium text-brand-700 hover:underline">
                {t("taskDetail.fullPage")}
              </Link>
            </h2>
            <BuyerReputation reputation={reputation} />
          </Card>
          <TaskBrief detail={task.taskDetail} instructions={task.submissionInfo} />
          {question ? (
            <HitQuestionFrame frame={question} started={hold !== null} />
          ) : hitSent ? (
            <HitWorkSent status={hitSent} />
          ) : null}
          <Link to={loaderData.questions} className="text-sm font-semibold text-brand-700 hover:underline">
            {t("taskDetail.askQuestion")}
          </Link>
        </article>

        <aside className="lg:sticky lg:top-24" aria-labelledby="submit-heading">
          <Card className="grid gap-4 p-5 sm:p-6">
            <div className="grid gap-1">
              <h2 id="submit-heading" className="text-lg font-semibold">
                {t("taskDetail.submitHeading")}
              </h2>
              <p className="text-sm text-muted-foreground">
                {t.rich("taskDetail.pays", {
                  coins: () => <Coins coins={task.payableAmount} className="text-foreground" />,
                  dollars: () => <Dollars coins={task.payableAmount} />,
                  note: rateNote,
                })}
              </p>
            </div>
            <FailureAlert failure={failure} />
            {blocker ? (
              <Blocked blocker={blocker} test={test} request={ask} taskId={task.id} />
            ) : !hold ? (
              <StartPanel taskId={task.id} allowanceMinutes={task.timeAllowanceMinutes} timeRanOut={timeRanOut} />
            ) : (
              <>
                <HeldSlotPanel task={task} hold={hold} serverNow={now} flow={flow} />
                {question ? (
                  // a HIT's question is its proof form: its answers go to the buyer from the frame
                  <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="hit-send-note">
                    <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden />
                    {t("taskDetail.hitSendNote")}
                  </p>
                ) : (
                  <>
                    {review ? (
                      <ProofReviewPanel
                        review={review}
                        action={formAt}
                        sendLabel={t("taskDetail.sendIt")}
                        note={t("taskDetail.sendNote")}
                      />
                    ) : null}
                    <ProofForm
                      id="task-submission"
                      action={formAt}
                      placeholder={task.submissionInfo}
                      lastResult={outcome?.result}
                      imageError={outcome?.fields?.image?.[0]}
                      keptImage={review?.imageUrl}
                      reviewLabel={t("taskDetail.submitTask")}
                      reviewing={review !== null}
                      check={check}
                    />
                    <p className="flex items-start gap-2 text-xs text-muted-foreground">
                      <Hourglass className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                      {t("taskDetail.reviewNote")}
                    </p>
                  </>
                )}
              </>
            )}
          </Card>
        </aside>
      </div>
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <TaskNotFound />;
  throw error;
}
