import { useEffect, useId } from "react";
import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/settings";
import { changeEmailSchema, changePasswordSchema, profileSchema } from "~/lib/schemas/auth";
import { LANGUAGE_NAMES, LANGUAGES } from "~/lib/i18n/languages";
import { metaWords, useLanguage, useWords } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";
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

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "dashboard")("settings.meta") }];

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
  const t = serverWords(signedInUser(args.context).language, "dashboard");
  switch (new URL(args.request.url).searchParams.get("form")) {
    case "profile":
      return formAction(args, {
        user: signedInUser,
        schema: profileSchema,
        upload: {
          failure: (refused) => ({ title: t("settings.imageFailed"), message: refused.message }),
          unexpected: t("settings.imageFailed"),
        },
        failure: (refused) => ({ title: t("settings.profile.notSaved"), message: refused.message }),
        async run({ name, country }, { user, env, image }) {
          await updateProfile(env, user, { name, photo: image, country });
          return { title: t("settings.profile.saved"), message: t("settings.profile.savedText"), to: PATH };
        },
      });
    case "email":
      return formAction(args, {
        user: signedInUser,
        schema: changeEmailSchema,
        hideFields: ["currentPassword"],
        failure: (refused) => ({ title: t("settings.email.notChanged"), message: refused.message }),
        async run(input, { user, env, request }) {
          const sent = await requestEmailChange(env, user, input, appOrigin(env, request));
          return {
            title: t("settings.email.checkInbox"),
            message: sent.approval
              ? t("settings.email.sentApproval", { sentTo: sent.sentTo, email: input.email })
              : t("settings.email.sentLink", { sentTo: sent.sentTo }),
            to: PATH,
          };
        },
      });
    case "password":
      return formAction(args, {
        user: signedInUser,
        schema: changePasswordSchema,
        hideFields: ["currentPassword", "password"],
        failure: (refused) => ({ title: t("settings.password.notChanged"), message: refused.message }),
        async run({ currentPassword, password }, { user, env }) {
          const token = await changePassword(env, user.id, currentPassword, password);
          return {
            title: t("settings.password.changed"),
            message: t("settings.password.changedText"),
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
        failure: (refused) => ({ title: t("settings.blocked.notLifted"), message: refused.message }),
        async run({ worker }, { user, env }) {
          await liftBlock(env, user, worker);
          return { title: t("settings.blocked.lifted"), message: t("settings.blocked.liftedText"), to: PATH };
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
  const t = useWords("dashboard");
  useEffect(() => {
    if (outcome?.ok) toastOutcome(outcome);
  }, [outcome]);
  return (
    <>
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
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
          <Section title={t("settings.blocked.title")} description={t("settings.blocked.hint")}>
            <BlockedWorkers blocks={blocks} action={formUrl("unblock")} />
          </Section>
        ) : null}
        {user.role === "Buyer" ? (
          <Section title={t("settings.apiKeys.title")} description={t("settings.apiKeys.hint")}>
            <Link
              to="/dashboard/apikeys"
              className={buttonVariants({ variant: "outline", className: "justify-self-start" })}
            >
              {t("settings.apiKeys.manage")}
            </Link>
          </Section>
        ) : null}
        <Section title={t("settings.signOut.title")} description={t("settings.signOut.hint")}>
          <Form method="post" action="/logout?everywhere=1">
            <Button type="submit" variant="outline">
              {t("settings.signOut.title")}
            </Button>
          </Form>
        </Section>
        <Section title={t("settings.data.title")} description={t("settings.data.hint")}>
          <a
            href="/dashboard/settings/data"
            download
            className={buttonVariants({ variant: "outline", className: "justify-self-start" })}
          >
            {t("settings.data.download")}
          </a>
        </Section>
        <Section title={t("settings.close.title")} description={t("settings.close.hint")}>
          <Link
            to="/dashboard/settings/close"
            className={buttonVariants({ variant: "outline", className: "justify-self-start text-red-700" })}
          >
            {t("settings.close.link")}
          </Link>
        </Section>
      </div>
    </>
  );
}

type Outcome = ReturnType<typeof useActionData<typeof action>>;

/** An e-mail address inside a sentence: a long one breaks anywhere rather than overflow a phone. */
const breakAll = (chunks: React.ReactNode[]) => <strong className="break-all">{chunks}</strong>;

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
              <span className="font-language-name" lang={l}>
                {LANGUAGE_NAMES[l]}
              </span>
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
  const t = useWords("dashboard");
  return (
    <Section title={t("settings.profile.title")} description={t("settings.profile.hint")}>
      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        <EnhancedMarker />
        {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
        <InputField field={fields.name} label={t("settings.profile.name")} type="text" autoComplete="name" />
        <CountryField
          lean
          field={fields.country}
          label={t("settings.profile.country")}
          hint={user.role === "Worker" ? t("settings.profile.countryHint") : undefined}
        />
        <ImagePicker
          label={t("settings.profile.photo")}
          round
          initialUrl={user.photo}
          error={outcome?.fields?.image?.[0]}
        />
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? t("settings.saving") : t("settings.profile.save")}
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
  const t = useWords("dashboard");
  return (
    <Section
      title={t("settings.email.title")}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium text-foreground" data-testid="settings-email">
            {user.email}
          </span>
          {user.emailVerified ? (
            <Badge tone="success">{t("settings.email.verified")}</Badge>
          ) : (
            <Badge tone="pending">{t("settings.email.notVerified")}</Badge>
          )}
        </span>
      }
    >
      {pendingEmail?.waitsFor === "confirmation" ? (
        <Alert tone="info" title={t("settings.email.waitConfirmation")}>
          {t.rich("settings.email.waitConfirmationText", { email: pendingEmail.email, strong: breakAll })}
        </Alert>
      ) : pendingEmail ? (
        <Alert tone="info" title={t("settings.email.waitApproval")}>
          {t.rich("settings.email.waitApprovalText", { email: pendingEmail.email, strong: breakAll })}
        </Alert>
      ) : null}
      <Form method="post" action={action} {...getFormProps(form)} className="grid gap-4">
        <EnhancedMarker />
        {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
        <InputField
          field={fields.email}
          label={t("settings.email.new")}
          type="email"
          autoComplete="email"
          hint={hasPassword ? t("settings.email.hint") : t("settings.email.hintNoPassword")}
        />
        {hasPassword ? <CurrentPasswordField field={fields.currentPassword} /> : null}
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? t("settings.email.sending") : t("settings.email.change")}
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
  const t = useWords("dashboard");
  if (!hasPassword) {
    return (
      <Section title={t("settings.password.title")} description={t("settings.password.google")}>
        <p className="text-sm">
          {t("settings.password.addOne")}{" "}
          <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
            {t("settings.password.forgot")}
          </Link>
        </p>
      </Section>
    );
  }
  return (
    <Section title={t("settings.password.title")} description={t("settings.password.hint")}>
      {weak ? (
        <Alert tone="warning" title={t("settings.password.weakTitle")}>
          {t("settings.password.weakText")}
        </Alert>
      ) : null}
      <Form method="post" action={action} {...getFormProps(form)} className="grid gap-4">
        <EnhancedMarker />
        {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
        <CurrentPasswordField field={fields.currentPassword} />
        <NewPasswordField field={fields.password} label={t("settings.password.new")} />
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? t("settings.saving") : t("settings.password.change")}
        </Button>
      </Form>
    </Section>
  );
}
