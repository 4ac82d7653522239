import { LoaderCircle } from "~/components/icons/more";
import { cn } from "~/lib/cn";

/** A small spinning indicator for buttons and busy regions; hidden from screen readers (say "Loading" in text). */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle className={cn("size-4 animate-spin", className)} aria-hidden />;
}
