import { Form, useLocation } from "react-router";
import { MailWarning } from "~/components/icons";
import { Button } from "./ui/button";
import { DashboardNotice } from "./dashboard-notice";
import { VERIFY_EMAIL_FIRST } from "~/lib/schemas/auth";

/**
 * Above every dashboard page of an unverified account: what is blocked until the link is opened, and "Resend" (a
 * plain form: it posts to /dashboard/verify-email and comes back here, with or without JavaScript).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const location = useLocation();
  return (
    <DashboardNotice
      id="verify-email-title"
      testId="verify-email-banner"
      icon={MailWarning}
      title={VERIFY_EMAIL_FIRST}
      action={
        <Form method="post" action="/dashboard/verify-email" className="shrink-0">
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <Button type="submit" variant="outline" size="sm">
            Resend the link
          </Button>
        </Form>
      }
    >
      We sent a link to <strong className="break-all">{email}</strong>. Until you open it, you can look around, but you
      can't post tasks, submit work, buy coins or withdraw.
    </DashboardNotice>
  );
}
