import type { Icon } from "~/components/icons";

/**
 * A notice above every dashboard page about the account itself (an address to verify, a password to change): an
 * icon, a title, what it means, and what to do about it (`action`, a button or a link).
 */
export function DashboardNotice({
  id,
  testId,
  icon: Icon,
  title,
  children,
  action,
}: {
  id: string;
  testId: string;
  icon: Icon;
  title: string;
  children: React.ReactNode;
  action: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid={testId}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid min-w-0 flex-1 basis-60 gap-1">
        <p id={id} className="font-semibold">
          {title}
        </p>
        <p className="leading-relaxed">{children}</p>
      </div>
      {action}
    </section>
  );
}
