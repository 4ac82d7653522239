import { Link } from "react-router";
import { BriefcaseBusiness } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { Avatar } from "~/components/avatar";
import type { Applicant } from "~/server/services/landing.server";

/** Recent workers (photo and name) and the 'Post a job' button to the add-task page. */
export function Applicants({ applicants }: { applicants: Applicant[] }) {
  return (
    <section
      aria-labelledby="applicants-title"
      className="mx-auto w-full max-w-7xl px-4 sm:px-6"
      data-section="applicants"
    >
      <div className="grid gap-6 rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-8 lg:grid-cols-[1fr_auto] lg:items-center">
        <div className="grid gap-4">
          <div>
            <h2 id="applicants-title" className="text-xl font-bold tracking-tight sm:text-2xl">
              Applicants ready for your next task
            </h2>
            <p className="mt-1 text-muted-foreground">
              Real people who joined Coinwork recently and are picking up work now.
            </p>
          </div>
          {applicants.length === 0 ? (
            <p className="text-sm text-muted-foreground">New applicants will appear here as soon as they join.</p>
          ) : (
            <ul className="flex flex-wrap gap-2.5" aria-label="Recent applicants">
              {applicants.map((a) => (
                <li key={a.id} className="flex items-center gap-2 rounded-full bg-muted py-1 pl-1 pr-3.5">
                  <Avatar src={a.photo} name={a.name} size={32} />
                  <span className="text-sm font-medium text-slate-800">{a.name}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Link to="/dashboard/addtask" className={buttonVariants({ size: "lg" })}>
          <BriefcaseBusiness aria-hidden /> Post a job
        </Link>
      </div>
    </section>
  );
}
