import { Form, useLocation } from "react-router";
import { MailWarning } from "lucide-react";
import { Button } from "./ui/button";
import { VERIFY_EMAIL_FIRST } from "~/lib/schemas/auth";

/**
 * Above every dashboard page of an unverified account: what is blocked until the link is opened, and "Resend" (a
 * plain form: it posts to /dashboard/verify-email and comes back here, with or without JavaScript).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const location = useLocation();
  return (
    <section
      aria-labelledby="verify-email-title"
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="verify-email-banner"
    >
      <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid min-w-0 flex-1 basis-60 gap-1">
        <p id="verify-email-title" className="font-semibold">
          {VERIFY_EMAIL_FIRST}
        </p>
        <p className="leading-relaxed">
          We sent a link to <strong className="break-all">{email}</strong>. Until you open it, you can look around, but
          you can't post tasks, submit work, buy coins or withdraw.
        </p>
      </div>
      <Form method="post" action="/dashboard/verify-email" className="shrink-0">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <Button type="submit" variant="outline" size="sm">
          Resend the link
        </Button>
      </Form>
    </section>
  );
}
