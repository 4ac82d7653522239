import { Form, Link, useActionData } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/qualifications";
import { PageHeader } from "~/components/dashboard-shell";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/table";
import { CardRow, CardTable, Cell, PagedList } from "~/components/responsive-list";
import { FormFailure, failureOf, useFailureToast, usePosting, useValibotForm } from "~/components/form-kit";
import { QualificationFields } from "~/components/qualifications/qualification-fields";
import { pageOrLast } from "~/server/http/list-page.server";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { formAction } from "~/server/http/page-action.server";
import { createQualification, listQualifications } from "~/server/services/qualifications.server";
import { qualificationFormSchema } from "~/lib/schemas/qualifications";
import { retakeWords } from "~/lib/qualifications";

export const meta: Route.MetaFunction = () => [{ title: "Qualifications · Coinwork" }];

const PATH = "/dashboard/qualifications";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const list = await pageOrLast(readSearch(request.url, pageQuery).page, (page) =>
    listQualifications(getEnv(context), user.id, { page, limit: 10 }),
  );
  return {
    rows: list.items.map((q) => ({
      id: q.id,
      name: q.name,
      description: q.description,
      questions: q.questions,
      holders: q.holders,
      retakeHours: q.retakeHours,
    })),
    page: list.page,
    pages: list.pages,
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    user: buyerUser,
    schema: qualificationFormSchema,
    failure: (refused) => ({ title: "Qualification not saved", message: refused.message }),
    async run(input, { user, env }) {
      const made = await createQualification(env, user, input);
      return {
        title: "Qualification saved",
        message: `Add questions to make “${made.name}” a test, or grant it from Buyer Home.`,
        to: `${PATH}/${made.id}`,
      };
    },
  });

export default function Qualifications({ loaderData }: Route.ComponentProps) {
  const { rows, page, pages } = loaderData;
  const outcome = useActionData<typeof action>();
  const busy = usePosting(PATH);
  const [form, fields] = useValibotForm(qualificationFormSchema, {
    id: "new-qualification",
    lastResult: outcome?.result,
    defaultValue: { retake_hours: 24 },
  });
  useFailureToast(outcome);
  const failure = failureOf(outcome);
  return (
    <>
      <PageHeader
        title="Qualifications"
        description="Let only the workers you trust work on a task: grant a qualification by hand, or let workers earn it with a test."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="your-qualifications">
          <h2 id="your-qualifications" className="mb-3 text-lg font-semibold">
            Your qualifications
          </h2>
          <PagedList
            count={rows.length}
            page={page}
            pages={pages}
            empty={<EmptyState message="No qualifications yet." />}
          >
            <CardTable
              label="Your qualifications"
              testId="qualification-rows"
              columns={[
                { header: "Qualification" },
                { header: "Test" },
                { header: "Holders" },
                { header: <span className="sr-only">Actions</span> },
              ]}
              rows={rows}
              row={(q) => (
                <CardRow data-testid="qualification-row">
                  <Cell className="md:max-w-72">
                    <p className="name">{q.name}</p>
                    <p className="meta">{q.description}</p>
                  </Cell>
                  <Cell label="Test">
                    {q.questions ? (
                      <span className="text-sm">
                        {q.questions} {q.questions === 1 ? "question" : "questions"} · {retakeWords(q.retakeHours)}
                      </span>
                    ) : (
                      <Badge tone="neutral">By hand only</Badge>
                    )}
                  </Cell>
                  <Cell label="Holders">
                    <span className="tabular-nums">{q.holders}</span>
                  </Cell>
                  <Cell>
                    <div className="actions">
                      <Link
                        to={`${PATH}/${q.id}`}
                        className={buttonVariants({ variant: "outline", size: "sm" })}
                        aria-label={`Manage ${q.name}`}
                      >
                        Manage
                      </Link>
                    </div>
                  </Cell>
                </CardRow>
              )}
            />
          </PagedList>
        </section>
        <Card className="p-5 sm:p-6">
          <h2 className="mb-3 text-lg font-semibold">New qualification</h2>
          <Form method="post" action={PATH} {...getFormProps(form)} className="grid gap-4" aria-busy={busy}>
            {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
            <QualificationFields name={fields.name} description={fields.description} retake={fields.retake_hours} />
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save qualification"}
            </Button>
          </Form>
        </Card>
      </div>
    </>
  );
}
