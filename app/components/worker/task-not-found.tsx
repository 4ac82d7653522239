import { Link } from "react-router";
import { ArrowLeft } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";

/** Shown inside the dashboard for an unknown or deleted task (the response is a 404). */
export function TaskNotFound() {
  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-5 py-12 text-center"
      aria-labelledby="task-not-found"
    >
      <img src="/illustrations/not-found.svg" alt="" width={320} height={240} className="h-auto w-56 sm:w-72" />
      <h1 id="task-not-found" className="text-2xl font-bold tracking-tight">
        Task not found
      </h1>
      <p className="text-muted-foreground">
        This task does not exist or was removed by its buyer. Plenty of others are open.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/dashboard/tasklist" className={buttonVariants({ size: "lg" })}>
          <ArrowLeft aria-hidden /> Back to Task List
        </Link>
        <Link to="/" className={buttonVariants({ variant: "outline", size: "lg" })}>
          Back To Home
        </Link>
      </div>
    </section>
  );
}
