import { Link } from "react-router";
import { ProofBody, type Proof } from "~/components/proof";
import { useWords } from "~/lib/i18n/react";

export interface AppealEvidenceData {
  taskTitle: string;
  taskInstructions: string;
  workerName: string;
  proof: Proof;
  rejectReason: string | null;
  appealText: string;
  /** the submission's conversation between its buyer and worker (the admin reads it) */
  conversationUrl: string;
}

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid content-start gap-1.5">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

/**
 * What an admin decides an appeal on, side by side: what the task asked for and the worker's proof, against why the
 * buyer rejected it and what the worker says (stacked on phones).
 */
export function AppealEvidence({ e }: { e: AppealEvidenceData }) {
  const t = useWords("admin");
  return (
    <div className="grid gap-4 text-left md:grid-cols-2" data-testid="appeal-evidence">
      <div className="grid content-start gap-4">
        <Part title={t("evidence.asked")}>
          <p className="whitespace-pre-wrap rounded-lg bg-brand-50/70 px-3 py-2 text-sm [overflow-wrap:anywhere]">
            {e.taskInstructions}
          </p>
        </Part>
        <Part title={t("evidence.proof", { name: e.workerName })}>
          <ProofBody proof={e.proof} alt={t("evidence.imageAlt", { name: e.workerName, title: e.taskTitle })} />
        </Part>
      </div>
      <div className="grid content-start gap-4">
        <Part title={t("evidence.why")}>
          <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 [overflow-wrap:anywhere]">
            {e.rejectReason || t("appeals.noReason")}
          </p>
        </Part>
        <Part title={t("evidence.appeal")}>
          <p className="whitespace-pre-wrap rounded-lg bg-muted px-3 py-2 text-sm [overflow-wrap:anywhere]">
            {e.appealText}
          </p>
        </Part>
        <Part title={t("evidence.conversation")}>
          <Link to={e.conversationUrl} className="text-sm font-semibold text-brand-700 hover:underline">
            {t("evidence.readMessages", { name: e.workerName })}
          </Link>
        </Part>
      </div>
    </div>
  );
}
