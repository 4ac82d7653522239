import { Link, useLocation } from "react-router";
import { KeyRound } from "lucide-react";
import { buttonVariants } from "./ui/button";

/**
 * Above every dashboard page of an account whose password a sign-in found below the password rule (at least 12
 * characters, not a common one): it still works, and this leads to the change (on Settings, the banner's own job is
 * done by the password section's note).
 */
export function WeakPasswordBanner() {
  const location = useLocation();
  if (location.pathname === "/dashboard/settings") return null;
  return (
    <section
      aria-labelledby="weak-password-title"
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="weak-password-banner"
    >
      <KeyRound className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid min-w-0 flex-1 basis-60 gap-1">
        <p id="weak-password-title" className="font-semibold">
          Please choose a new password
        </p>
        <p className="leading-relaxed">
          Your password is shorter than 12 characters or too common, so it is easy to guess. It still works, but please
          change it now.
        </p>
      </div>
      <Link
        to="/dashboard/settings#settings-password"
        className={buttonVariants({ variant: "outline", size: "sm", className: "shrink-0" })}
      >
        Change my password
      </Link>
    </section>
  );
}
