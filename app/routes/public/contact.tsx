import { useEffect, useRef } from "react";
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getValibotConstraint, parseWithValibot } from "@conform-to/valibot";
import { Form, useActionData, useNavigation } from "react-router";
import { ExternalLink, Mail, MapPin, Phone } from "~/components/icons";
import { Clock, Send } from "~/components/icons/more";
import type { Route } from "./+types/contact";
import { contactSchema } from "~/lib/schemas/contact";
import { Button } from "~/components/ui/button";
import { useFailureToast } from "~/components/form-kit";
import { Field, Input, Textarea } from "~/components/ui/input";
import { PublicPageHeader } from "~/components/landing/page-header";
import { CONTACT } from "~/components/landing/content";
import { originOf, pageMeta, publicMetaWords } from "~/components/landing/seo";
import { useLanguage, useWords } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";
import { requestLanguage } from "~/server/http/language.server";
import { userContext } from "~/server/context";
import { formAction } from "~/server/http/page-action.server";
import { rateLimitContact, submitContactMessage } from "~/server/services/contact.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = publicMetaWords(matches);
  return pageMeta(matches, {
    title: t("contact.meta"),
    description: t("contact.description"),
    path: "/contact",
    origin: loaderData?.origin,
  });
};

export function loader({ request }: Route.LoaderArgs) {
  return { origin: originOf(request) };
}

export const action = (args: Route.ActionArgs) => {
  const t = serverWords(requestLanguage(args.request, args.context.get(userContext)), "public");
  return formAction(args, {
    schema: contactSchema,
    failure: (refused) => ({ title: t("contact.notSent"), message: refused.message }),
    unexpected: t("contact.unexpected"),
    before: ({ env, request }) => rateLimitContact(env, request),
    async run(input, { env }) {
      await submitContactMessage(env, input);
      return { title: t("contact.sent"), message: t("contact.sentMessage"), to: "/contact" };
    },
  });
};

/** The ways to reach Coinwork (words: public `contact.<words>` and `contact.<words>Note`); the map opens in a new tab. */
const CARDS = [
  { icon: Phone, words: "phone", value: CONTACT.phone, href: CONTACT.phoneHref, map: false },
  { icon: Mail, words: "email", value: CONTACT.email, href: `mailto:${CONTACT.email}`, map: false },
  { icon: MapPin, words: "address", value: CONTACT.address, href: CONTACT.mapLink, map: true },
] as const;

export default function Contact() {
  const t = useWords("public");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  // its messages in the page's language (lib/i18n/validation.ts)
  const lang = useLanguage();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getValibotConstraint(contactSchema),
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: contactSchema, info: { lang } }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  // A successful send redirects back here (no action data): clear the form for the next message.
  const submitted = useRef(false);
  useEffect(() => {
    if (busy) submitted.current = true;
    else if (submitted.current && navigation.state === "idle") {
      submitted.current = false;
      if (!actionData) form.reset();
    }
  }, [busy, navigation.state, actionData, form]);
  useFailureToast(actionData);

  return (
    <main>
      <PublicPageHeader eyebrow={t("contact.eyebrow")} title={t("contact.title")}>
        <p>{t("contact.intro")}</p>
      </PublicPageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6">
        <ul className="grid gap-4 md:grid-cols-3" aria-label={t("contact.ways")}>
          {CARDS.map((c) => (
            <li key={c.words} className="flex gap-4 rounded-2xl border border-border bg-white p-6 shadow-xs">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <c.icon className="size-6" aria-hidden />
              </span>
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900">{t(`contact.${c.words}`)}</h2>
                <a
                  href={c.href}
                  className="mt-1 block break-words font-medium text-brand-800 hover:underline"
                  {...(c.map ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                >
                  {c.value}
                  {c.map ? <span className="sr-only"> {t("contact.mapNewTab")}</span> : null}
                </a>
                <p className="mt-1 text-sm text-muted-foreground">{t(`contact.${c.words}Note`)}</p>
              </div>
            </li>
          ))}
        </ul>

        <div className="grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="contact-form-title" className="rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-8">
            <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight">
              {t("contact.formTitle")}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t("contact.required")}</p>
            <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
              {form.errors ? (
                <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                  <p className="font-semibold">{t("contact.notSent")}</p>
                  <p>{form.errors[0]}</p>
                </div>
              ) : null}
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t("contact.name")} htmlFor={fields.name.id} error={fields.name.errors}>
                  <Input
                    {...getInputProps(fields.name, { type: "text" })}
                    autoComplete="name"
                    placeholder={t("contact.namePlaceholder")}
                  />
                </Field>
                <Field label={t("contact.emailLabel")} htmlFor={fields.email.id} error={fields.email.errors}>
                  <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder="you@example.com" />
                </Field>
              </div>
              <Field label={t("contact.subject")} htmlFor={fields.subject.id} error={fields.subject.errors}>
                <Input {...getInputProps(fields.subject, { type: "text" })} placeholder={t("contact.subjectPlaceholder")} />
              </Field>
              <Field label={t("contact.message")} htmlFor={fields.message.id} error={fields.message.errors}>
                <Textarea
                  {...getTextareaProps(fields.message)}
                  rows={6}
                  placeholder={t("contact.messagePlaceholder")}
                />
              </Field>
              <div>
                <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
                  <Send aria-hidden /> {busy ? t("contact.sending") : t("contact.submit")}
                </Button>
              </div>
            </Form>
          </section>

          <section aria-labelledby="map-title" className="grid content-start gap-4">
            <h2 id="map-title" className="sr-only">
              {t("contact.map")}
            </h2>
            <a
              href={CONTACT.mapLink}
              target="_blank"
              rel="noopener noreferrer"
              className="group relative block overflow-hidden rounded-3xl border border-border shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <img
                src="/images/contact-map-960.webp"
                srcSet="/images/contact-map-480.webp 480w, /images/contact-map-960.webp 960w"
                sizes="(min-width: 1024px) 600px, calc(100vw - 2rem)"
                width={960}
                height={600}
                loading="lazy"
                decoding="async"
                alt={t("contact.mapAlt", { address: CONTACT.address })}
                className="h-auto w-full transition group-hover:scale-[1.02]"
              />
              <span className="absolute bottom-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-slate-900 shadow">
                {t("contact.openMap")} <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only">{t("contact.newTab")}</span>
              </span>
            </a>
            <div className="flex items-start gap-3 rounded-2xl border border-border bg-white p-5 text-sm shadow-xs">
              <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
              <p className="text-slate-600">
                {t.rich("contact.hours", {
                  b: (chunks) => <span className="font-semibold text-slate-900">{chunks}</span>,
                })}
              </p>
            </div>
          </section>
        </div>
      </div>
    </main>
  );
}
