import { Form, useLocation } from "react-router";
import { MailWarning } from "~/components/icons/more";
import { Button } from "./ui/button";
import { DashboardNotice } from "./dashboard-notice";
import { useWords } from "~/lib/i18n/react";

/**
 * Above every dashboard page of an unverified account: what is blocked until the link is opened, and "Resend" (a
 * plain form: it posts to /dashboard/verify-email and comes back here, with or without JavaScript).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const t = useWords("dashboard");
  const location = useLocation();
  return (
    <DashboardNotice
      id="verify-email-title"
      testId="verify-email-banner"
      icon={MailWarning}
      title={t("verifyEmail.title")}
      action={
        <Form method="post" action="/dashboard/verify-email" className="shrink-0">
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <Button type="submit" variant="outline" size="sm">
            {t("verifyEmail.resend")}
          </Button>
        </Form>
      }
    >
      {t.rich("verifyEmail.text", {
        email,
        strong: (chunks) => <strong className="break-all">{chunks}</strong>,
      })}
    </DashboardNotice>
  );
}
