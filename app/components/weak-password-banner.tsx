import { Link, useLocation } from "react-router";
import { KeyRound } from "~/components/icons";
import { buttonVariants } from "./ui/button";
import { DashboardNotice } from "./dashboard-notice";

/**
 * Above every dashboard page of an account whose password a sign-in found below the password rule (at least 12
 * characters, not a common one): it still works, and this leads to the change (on Settings, the password section's
 * own note says it).
 */
export function WeakPasswordBanner() {
  const location = useLocation();
  if (location.pathname === "/dashboard/settings") return null;
  return (
    <DashboardNotice
      id="weak-password-title"
      testId="weak-password-banner"
      icon={KeyRound}
      title="Please choose a new password"
      action={
        <Link
          to="/dashboard/settings#settings-password"
          className={buttonVariants({ variant: "outline", size: "sm", className: "shrink-0" })}
        >
          Change my password
        </Link>
      }
    >
      Your password is shorter than 12 characters or too common, so it is easy to guess. It still works, but please
      change it now.
    </DashboardNotice>
  );
}
