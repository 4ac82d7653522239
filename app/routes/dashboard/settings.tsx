import { useEffect, useId } from "react";
import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/settings";
import { changeEmailSchema, changePasswordSchema, profileSchema } from "~/lib/schemas/auth";
import { LANGUAGE_NAMES, LANGUAGES } from "~/lib/i18n/languages";
import { useLanguage, useWords } from "~/lib/i18n/react";
import { PageHeader } from "~/components/dashboard-shell";
import { Card } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import {
  CountryField,
  CurrentPasswordField,
  failureOf,
  FormFailure,
  InputField,
  NewPasswordField,
  useFailureToast,
  usePosting,
  useValibotForm,
} from "~/components/form-kit";
import { ImagePicker } from "~/components/image-picker";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { toastOutcome } from "~/components/actions/flow";
import { getEnv } from "~/server/context";
import { appOrigin } from "~/server/environment.server";
import { signedInUser } from "~/server/auth/guards.server";
import { pageOrLast } from "~/server/http/list-page.server";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import { liftBlock, listBlocks } from "~/server/services/blocks.server";
import { liftBlockSchema } from "~/lib/schemas/review";
import { BlockedWorkers } from "~/components/buyer/blocked-workers";
import { sessionCookie } from "~/server/auth/session.server";
import { formAction } from "~/server/http/page-action.server";
import { countryOf, hasPassword, requestEmailChange, updateProfile } from "~/server/services/accounts.server";
import { pendingEmailChange } from "~/server/services/email-links.server";
import { changePassword } from "~/server/services/passwords.server";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Coinwork" }];

const PATH = "/dashboard/settings";
/** The page's forms: each posts to `?form=<name>`, which says which one the action's answer belongs to. */
type SettingsForm = "profile" | "email" | "password" | "unblock";
const formUrl = (form: SettingsForm) => `${PATH}?form=${form}`;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const env = getEnv(context);
  const { page } = readSearch(request.url, pageQuery);
  const [withPassword, pendingEmail, country, blocks] = await Promise.all([
    hasPassword(env, user.id),
    pendingEmailChange(env, user.id),
    countryOf(env, user.id),
    // a buyer's blocked workers (docs/product/quality.md)
    user.role === "Buyer" ? pageOrLast(page, (p) => listBlocks(env, user.id, { page: p, limit: 20 })) : null,
  ]);
  return { user, hasPassword: withPassword, pendingEmail, country, blocks };
}

export const action = (args: Route.ActionArgs) => {
  switch (new URL(args.request.url).searchParams.get("form")) {
    case "profile":
      return formAction(args, {
        user: signedInUser,
        schema: profileSchema,
        upload: {
          failure: (refused) => ({ title: "Image upload failed", message: refused.message }),
          unexpected: "Image upload failed",
        },
        failure: (refused) => ({ title: "Profile not saved", message: refused.message }),
        async run({ name, country }, { user, env, image }) {
          await updateProfile(env, user, { name, photo: image, country });
          return { title: "Profile saved", message: "Your name, country and photo are up to date.", to: PATH };
        },
      });
    case "email":
      return formAction(args, {
        user: signedInUser,
        schema: changeEmailSchema,
        hideFields: ["currentPassword"],
        failure: (refused) => ({ title: "Email not changed", message: refused.message }),
        async run(input, { user, env, request }) {
          const sent = await requestEmailChange(env, user, input, appOrigin(env, request));
          return {
            title: "Check your inbox",
            message: sent.approval
              ? `To be sure it's you, we sent a link to ${sent.sentTo}: approve the change there, then confirm the link we send to ${input.email}.`
              : `We sent a link to ${sent.sentTo}. Your email address changes when you open it.`,
            to: PATH,
          };
        },
      });
    case "password":
      return formAction(args, {
        user: signedInUser,
        schema: changePasswordSchema,
        hideFields: ["currentPassword", "password"],
        failure: (refused) => ({ title: "Password not changed", message: refused.message }),
        async run({ currentPassword, password }, { user, env }) {
          const token = await changePassword(env, user.id, currentPassword, password);
          return {
            title: "Password changed!",
            message: "You're still signed in here; every other device was signed out.",
            to: PATH,
            cookies: [sessionCookie(token)],
          };
        },
      });
    case "unblock":
      return formAction(args, {
        // the service refuses anyone but a buyer
        user: signedInUser,
        schema: liftBlockSchema,
        failure: (refused) => ({ title: "Block not lifted", message: refused.message }),
        async run({ worker }, { user, env }) {
          await liftBlock(env, user, worker);
          return { title: "Block lifted", message: "The worker can see and start your tasks again.", to: PATH };
        },
      });
    default:
      throw data("No such form", { status: 400 });
  }
};

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { user, hasPassword, pendingEmail, country, blocks } = loaderData;
  const outcome = useActionData<typeof action>();
  const [params] = useSearchParams();
  // the answer (and its field errors) belongs to the form that was posted
  const answerOf = (form: SettingsForm) => (params.get("form") === form ? outcome : undefined);
  useFailureToast(outcome);
  useEffect(() => {
    if (outcome?.ok) toastOutcome(outcome);
  }, [outcome]);
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your name, country and photo, your email address, your password and your data."
      />
      <div className="grid max-w-2xl gap-6">
        <ProfileSection
          key={`${user.name}|${user.photo ?? ""}|${country ?? ""}`}
          user={user}
          country={country}
          outcome={answerOf("profile")}
        />
        <EmailSection user={user} pendingEmail={pendingEmail} hasPassword={hasPassword} outcome={answerOf("email")} />
        <PasswordSection hasPassword={hasPassword} weak={user.weakPassword} outcome={answerOf("password")} />
        <LanguageSection />
        {blocks ? (
          <Section
            title="Blocked workers"
            description="They neither see nor start your tasks; work they already sent stays for your review. Block a worker from a submission on Buyer Home."
          >
            <BlockedWorkers blocks={blocks} action={formUrl("unblock")} />
          </Section>
        ) : null}
        {user.role === "Buyer" ? (
          <Section
            title="Requester API keys"
            description="Keys for scripts written for the Mechanical Turk Requester API: create one, see which you have, revoke one."
          >
            <Link
              to="/dashboard/apikeys"
              className={buttonVariants({ variant: "outline", className: "justify-self-start" })}
            >
              Manage API keys
            </Link>
          </Section>
        ) : null}
        <Section
          title="Sign out everywhere"
          description="Ends your session on every device, this one included, and cancels every link we emailed you."
        >
          <Form method="post" action="/logout?everywhere=1">
            <Button type="submit" variant="outline">
              Sign out everywhere
            </Button>
          </Form>
        </Section>
        <Section
          title="Your data"
          description="Everything Coinwork holds about you: your profile, tasks, submissions, withdrawals, coin orders, coin history and notifications, as a JSON file."
        >
          <a
            href="/dashboard/settings/data"
            download
            className={buttonVariants({ variant: "outline", className: "justify-self-start" })}
          >
            Download your data
          </a>
        </Section>
        <Section
          title="Close your account"
          description="Ends your account for good. We'll tell you what happens to your coins and tasks before you confirm."
        >
          <Link
            to="/dashboard/settings/close"
            className={buttonVariants({ variant: "outline", className: "justify-self-start text-red-700" })}
          >
            Close your account…
          </Link>
        </Section>
      </div>
    </>
  );
}

type Outcome = ReturnType<typeof useActionData<typeof action>>;

/** The language of pages, e-mails and notifications: POST /language keeps it on the account. */
function LanguageSection() {
  const t = useWords("dashboard");
  const language = useLanguage();
  return (
    <Section title={t("settings.language.title")} description={t("settings.language.hint")}>
      <Form method="post" action="/language" className="grid gap-4">
        <input type="hidden" name="back" value={PATH} />
        <fieldset className="flex flex-wrap gap-3">
          <legend className="sr-only">{t("settings.language.title")}</legend>
          {LANGUAGES.map((l) => (
            <label
              key={l}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-border px-4 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name="language" value={l} defaultChecked={l === language} className="size-4" />
              <span lang={l}>{LANGUAGE_NAMES[l]}</span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="outline" className="justify-self-start">
          {t("settings.language.save")}
        </Button>
      </Form>
    </Section>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id} className="grid gap-4">
        <div className="grid gap-1">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          <div className="text-sm text-muted-foreground">{description}</div>
        </div>
        {children}
      </section>
    </Card>
  );
}

function ProfileSection({
  user,
  country,
  outcome,
}: {
  user: { name: string; photo: string | null; role: string };
  country: string | null;
  outcome: Outcome;
}) {
  const action = formUrl("profile");
  const busy = usePosting(action);
  const [form, fields] = useValibotForm(profileSchema, {
    id: "profile",
    lastResult: outcome?.result,
    defaultValue: { name: user.name, country: country ?? undefined },
  });
  const failure = failureOf(outcome);
  return (
    <Section title="Profile" description="How buyers and workers see you, and where you are.">
      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        <EnhancedMarker />
        {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
        <InputField field={fields.name} label="Name" type="text" autoComplete="name" />
        <CountryField
          field={fields.country}
          label="Country"
          hint={
            user.role === "Worker"
              ? "Some tasks are for workers in some countries only: they are matched against this."
              : undefined
          }
        />
        <ImagePicker label="Photo" round initialUrl={user.photo} error={outcome?.fields?.image?.[0]} />
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? "Saving…" : "Save profile"}
        </Button>
      </Form>
    </Section>
  );
}

function EmailSection({
  user,
  pendingEmail,
  hasPassword,
  outcome,
}: {
  user: { email: string; emailVerified: boolean };
  pendingEmail: { email: string; waitsFor: "approval" | "confirmation" } | null;
  hasPassword: boolean;
  outcome: Outcome;
}) {
  const action = formUrl("email");
  const busy = usePosting(action);
  const [form, fields] = useValibotForm(changeEmailSchema, { id: "email", lastResult: outcome?.result });
  const failure = failureOf(outcome);
  return (
    <Section
      title="Email address"
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium text-foreground" data-testid="settings-email">
            {user.email}
          </span>
          {user.emailVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="pending">Not verified yet</Badge>}
        </span>
      }
    >
      {pendingEmail?.waitsFor === "confirmation" ? (
        <Alert tone="info" title="Waiting for your confirmation">
          We sent a link to <strong className="break-all">{pendingEmail.email}</strong>. Your address changes when you
          open it.
        </Alert>
      ) : pendingEmail ? (
        <Alert tone="info" title="Waiting for your approval">
          To move to <strong className="break-all">{pendingEmail.email}</strong>, approve the change with the link we
          sent to your current address.
        </Alert>
      ) : null}
      <Form method="post" action={action} {...getFormProps(form)} className="grid gap-4">
        <EnhancedMarker />
        {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
        <InputField
          field={fields.email}
          label="New email address"
          type="email"
          autoComplete="email"
          hint={
            hasPassword
              ? "We'll send a link to the new address; nothing changes until you open it."
              : "Your account has no password, so your current address approves the change first; then the new address gets a link. Nothing changes until you open it."
          }
        />
        {hasPassword ? <CurrentPasswordField field={fields.currentPassword} /> : null}
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? "Sending…" : "Change email address"}
        </Button>
      </Form>
    </Section>
  );
}

function PasswordSection({ hasPassword, weak, outcome }: { hasPassword: boolean; weak: boolean; outcome: Outcome }) {
  const action = formUrl("password");
  const busy = usePosting(action);
  const [form, fields] = useValibotForm(changePasswordSchema, { id: "password", lastResult: outcome?.result });
  const failure = failureOf(outcome);
  if (!hasPassword) {
    return (
      <Section title="Password" description="You sign in with Google, so your account has no password.">
        <p className="text-sm">
          To add one, ask for a link:{" "}
          <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </p>
      </Section>
    );
  }
  return (
    <Section title="Password" description="Changing it signs you out on every other device.">
      {weak ? (
        <Alert tone="warning" title="Choose a new password">
          Your password is shorter than 12 characters or too common. It still works, but please change it.
        </Alert>
      ) : null}
      <Form method="post" action={action} {...getFormProps(form)} className="grid gap-4">
        <EnhancedMarker />
        {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
        <CurrentPasswordField field={fields.currentPassword} />
        <NewPasswordField field={fields.password} label="New password" />
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? "Saving…" : "Change password"}
        </Button>
      </Form>
    </Section>
  );
}
