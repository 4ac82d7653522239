import { Form, Link } from "react-router";
import type * as React from "react";
import { Button } from "./ui/button";
import { useWords } from "~/lib/i18n/react";

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: React.ReactNode;
}) {
  return (
    <main className="mx-auto grid w-full max-w-md gap-6 px-4 py-10 sm:py-16">
      <div className="grid gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{subtitle}</p>
      </div>
      <div className="grid gap-5 rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </main>
  );
}

/** "or", then the Google sign-in button (coming back to `redirectTo` afterwards, when given). */
export function GoogleButton({ redirectTo = "" }: { redirectTo?: string }) {
  const t = useWords("auth");
  return (
    <>
      <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-muted-foreground" role="separator">
        <span className="h-px flex-1 bg-border" /> {t("or")} <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleSignIn redirectTo={redirectTo} className="w-full">
        {t("google.button")}
      </GoogleSignIn>
    </>
  );
}

/** A form that starts a Google sign-in and comes back to `redirectTo` (a page of this site) afterwards. */
export function GoogleSignIn({
  redirectTo,
  className,
  children,
}: {
  redirectTo: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action="/auth/google" reloadDocument>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Button type="submit" variant="outline" size="lg" className={className}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        {children}
      </Button>
    </Form>
  );
}

/** The other sign-in page, still returning to `redirectTo` afterwards (a task a visitor wants to do). */
export const withRedirect = (path: string, redirectTo: string) =>
  redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;

/** "New to Coinwork? Register" under the login form, and the other way round under the register form. */
export function AuthSwitch({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {question}{" "}
      <Link to={to} className="font-semibold text-brand-700 hover:underline">
        {label}
      </Link>
    </p>
  );
}
