import { Link } from "react-router";
import { BriefcaseBusiness } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { Avatar } from "~/components/avatar";
import type { Applicant } from "~/server/services/landing.server";
import { useWords } from "~/lib/i18n/react";
import { LandingSection } from "./sections";

/** Recent workers (photo and name) and the 'Post a job' button to the add-task page. */
export function Applicants({ applicants }: { applicants: Applicant[] }) {
  const t = useWords("public");
  return (
    <LandingSection name="applicants">
      <div className="grid gap-6 rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-8 lg:grid-cols-[1fr_auto] lg:items-center">
        <div className="grid gap-4">
          <div>
            <h2 id="applicants-title" className="text-xl font-bold tracking-tight sm:text-2xl">
              {t("applicants.title")}
            </h2>
            <p className="mt-1 text-muted-foreground">{t("applicants.text")}</p>
          </div>
          {applicants.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("applicants.empty")}</p>
          ) : (
            <ul className="flex flex-wrap gap-2.5" aria-label={t("applicants.label")}>
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
          <BriefcaseBusiness aria-hidden /> {t("applicants.postJob")}
        </Link>
      </div>
    </LandingSection>
  );
}
