import { Link, useLocation } from "react-router";
import { KeyRound } from "~/components/icons/more";
import { buttonVariants } from "./ui/button";
import { DashboardNotice } from "./dashboard-notice";
import { useWords } from "~/lib/i18n/react";

/**
 * Above every dashboard page of an account whose password a sign-in found below the password rule (at least 12
 * characters, not a common one): it still works, and this leads to the change (on Settings, the password section's
 * own note says it).
 */
export function WeakPasswordBanner() {
  const t = useWords("dashboard");
  const location = useLocation();
  if (location.pathname === "/dashboard/settings") return null;
  return (
    <DashboardNotice
      id="weak-password-title"
      testId="weak-password-banner"
      icon={KeyRound}
      title={t("weakPassword.title")}
      action={
        <Link
          to="/dashboard/settings#settings-password"
          className={buttonVariants({ variant: "outline", size: "sm", className: "shrink-0" })}
        >
          {t("weakPassword.action")}
        </Link>
      }
    >
      {t("weakPassword.text")}
    </DashboardNotice>
  );
}
