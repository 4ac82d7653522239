import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/cn";
import type { Key } from "~/lib/i18n/messages";
import { useWords } from "~/lib/i18n/react";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
  {
    variants: {
      tone: {
        neutral: "bg-slate-50 text-slate-700 ring-slate-200",
        pending: "bg-amber-50 text-amber-800 ring-amber-200",
        success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
        danger: "bg-red-50 text-red-800 ring-red-200",
        info: "bg-sky-50 text-sky-800 ring-sky-200",
      },
    },
    defaultVariants: { tone: "neutral" },
  },
);

export function Badge({
  className,
  tone,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}

/** Pending / Approved / Rejected / Cancelled for submissions and withdrawals. */
/** The words of the statuses a submission or a withdrawal has. */
const STATUS_WORDS: Record<string, Key<"common">> = {
  pending: "status.pending",
  approved: "status.approved",
  rejected: "status.rejected",
  cancelled: "status.cancelled",
};

export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === "approved" ? "success" : status === "rejected" ? "danger" : status === "pending" ? "pending" : "neutral";
  const t = useWords("common");
  const key = STATUS_WORDS[status];
  return <Badge tone={tone}>{key ? t(key) : status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}

const APPEAL_BADGES: Record<string, { tone: "pending" | "success" | "danger"; label: Key<"common"> }> = {
  pending: { tone: "pending", label: "appeal.pending" },
  upheld: { tone: "danger", label: "appeal.upheld" },
  overturned: { tone: "success", label: "appeal.overturned" },
};

/** An appeal's status, in the words of the rejection it is about (the worker's list and the admin's queue). */
export function AppealBadge({ status }: { status: string }) {
  const t = useWords("common");
  const b = APPEAL_BADGES[status];
  return <Badge tone={b?.tone ?? "pending"}>{b ? t(b.label) : status}</Badge>;
}
