import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/cn";

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
export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === "approved" ? "success" : status === "rejected" ? "danger" : status === "pending" ? "pending" : "neutral";
  return <Badge tone={tone}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}

const APPEAL_BADGES: Record<string, { tone: "pending" | "success" | "danger"; label: string }> = {
  pending: { tone: "pending", label: "Appeal pending" },
  upheld: { tone: "danger", label: "Rejection upheld" },
  overturned: { tone: "success", label: "Rejection overturned" },
};

/** An appeal's status, in the words of the rejection it is about (the worker's list and the admin's queue). */
export function AppealBadge({ status }: { status: string }) {
  const b = APPEAL_BADGES[status] ?? { tone: "pending", label: status };
  return <Badge tone={b.tone}>{b.label}</Badge>;
}
