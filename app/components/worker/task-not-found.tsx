import { Link } from "react-router";
import { ArrowLeft } from "~/components/icons/more";
import { buttonVariants } from "~/components/ui/button";
import { useWords } from "~/lib/i18n/react";

/** Shown inside the dashboard for an unknown or deleted task (the response is a 404). */
export function TaskNotFound() {
  const t = useWords("worker");
  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-5 py-12 text-center"
      aria-labelledby="task-not-found"
    >
      <img src="/illustrations/not-found.svg" alt="" width={320} height={240} className="h-auto w-56 sm:w-72" />
      <h1 id="task-not-found" className="text-2xl font-bold tracking-tight">
        {t("notFound.title")}
      </h1>
      <p className="text-muted-foreground">{t("notFound.message")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/dashboard/tasklist" className={buttonVariants({ size: "lg" })}>
          <ArrowLeft aria-hidden /> {t("notFound.backToList")}
        </Link>
        <Link to="/" className={buttonVariants({ variant: "outline", size: "lg" })}>
          {t("notFound.home")}
        </Link>
      </div>
    </section>
  );
}
