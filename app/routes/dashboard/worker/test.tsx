import { Form, Link, data, useActionData } from "react-router";
import { NotFoundPanel, useNotFoundBoundary } from "~/components/not-found-panel";

import type { Route } from "./+types/test";
import { BackLink, PageHeader } from "~/components/dashboard-shell";
import { Button, buttonVariants } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { FormFailure, failureOf, useFailureToast, usePosting } from "~/components/form-kit";
import { LocalTime } from "~/components/local-time";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { formAction } from "~/server/http/page-action.server";
import { AppError } from "~/server/errors";
import { takeTest, testForWorker } from "~/server/services/qualifications.server";
import { ANSWER_FIELD, answersFormSchema } from "~/lib/schemas/qualifications";
import { taskPagePath } from "~/lib/roles";
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";
import { useRetakeWords } from "~/components/worker/retake-words";
import { actionWords } from "./words.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaWords(matches, "worker");
  return [{ title: loaderData ? t("test.meta", { name: loaderData.test.name }) : t("test.metaNotFound") }];
};

/**
 * The task page a worker came from to take this test (`?task=<id>`, from the task's "Take the test"), where the
 * graded test sends them back to be offered the task; only ever a task page (taskPagePath), else null.
 */
function taskToOffer(request: Request) {
  const id = new URL(request.url).searchParams.get("task");
  const page = id ? taskPagePath(`/dashboard/tasklist/${id}`) : null;
  return page && id ? { id, page } : null;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const user = workerUser(context);
  try {
    // the questions without their key: nothing on this page can tell the right answer
    const test = await testForWorker(getEnv(context), user.id, params.id);
    const waitUntil = test.nextAttemptAt !== null && test.nextAttemptAt > Date.now() ? test.nextAttemptAt : null;
    return { test, waitUntil, task: taskToOffer(request) };
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw data("Test not found", { status: 404 });
    throw e;
  }
}

export function action(args: Route.ActionArgs) {
  const { t, f } = actionWords(args);
  return formAction(args, {
    user: workerUser,
    schema: answersFormSchema,
    failure: (refused) => ({ title: t("test.notGraded"), message: refused.message }),
    async run(input, { user, env }) {
      const done = await takeTest(env, user, args.params.id, input.answers);
      const task = taskToOffer(args.request);
      const score = f.count(done.score);
      return {
        title: t("test.yourScore", { score }),
        message: t(task ? "test.gradedForTask" : "test.graded", { name: done.name, score }),
        to: task?.page ?? "/dashboard/tests",
      };
    },
  });
}

export default function TakeTest({ loaderData }: Route.ComponentProps) {
  const { test, waitUntil, task } = loaderData;
  const here = `/dashboard/tests/${test.id}${task ? `?task=${task.id}` : ""}`;
  const outcome = useActionData<typeof action>();
  const failure = failureOf(outcome, true);
  const busy = usePosting(here);
  useFailureToast(outcome, true);
  const t = useWords("worker");
  const f = useFormat();
  const retakeWords = useRetakeWords();
  return (
    <>
      {task ? (
        <BackLink to={task.page}>{t("test.backToTask")}</BackLink>
      ) : (
        <BackLink to="/dashboard/tests">{t("test.backToList")}</BackLink>
      )}
      <PageHeader
        title={test.name}
        description={t("test.description", {
          description: test.description,
          buyer: test.buyerName,
          retake: retakeWords(test.retakeHours),
        })}
      />
      {test.score !== null ? (
        <Alert tone="info" title={t("test.held", { score: f.count(test.score) })} className="mb-4">
          {t("test.newAttempt")}
        </Alert>
      ) : null}
      {waitUntil ? (
        <Alert tone="warning" title={t("test.notYet")} data-testid="retake-wait">
          {t.rich("test.againFrom", { time: () => <LocalTime at={waitUntil} /> })}
        </Alert>
      ) : (
        <Form method="post" action={here} className="grid max-w-2xl gap-4" aria-busy={busy}>
          {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
          <ol className="grid gap-4">
            {test.questions.map((q, i) => (
              <li key={q.id} className="rounded-xl border border-border bg-white p-4 shadow-sm">
                <fieldset className="grid gap-2">
                  <legend className="mb-1 font-medium">
                    {f.count(i + 1)}. {q.prompt}
                  </legend>
                  {q.choices.map((c, n) => (
                    <label
                      key={n}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                    >
                      <input
                        type="radio"
                        name={`${ANSWER_FIELD}${q.id}`}
                        value={n + 1}
                        required
                        className="size-4 accent-brand-600"
                      />
                      {c}
                    </label>
                  ))}
                </fieldset>
              </li>
            ))}
          </ol>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? t("test.grading") : t("test.send")}
          </Button>
        </Form>
      )}
    </>
  );
}

export function ErrorBoundary() {
  const t = useWords("worker");
  return useNotFoundBoundary(
    <NotFoundPanel title={t("test.notFound")} message={t("test.notFoundMessage")}>
      <Link to="/dashboard/tests" className={buttonVariants({ size: "lg" })}>
        {t("test.seeTests")}
      </Link>
    </NotFoundPanel>,
  );
}
