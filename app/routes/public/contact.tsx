import { useEffect, useRef } from "react";
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getValibotConstraint, parseWithValibot } from "@conform-to/valibot";
import { Form, useActionData, useNavigation } from "react-router";
import { Clock, ExternalLink, Mail, MapPin, Phone, Send } from "~/components/icons";
import type { Route } from "./+types/contact";
import { contactSchema } from "~/lib/schemas/contact";
import { Button } from "~/components/ui/button";
import { useFailureToast } from "~/components/form-kit";
import { Field, Input, Textarea } from "~/components/ui/input";
import { PublicPageHeader } from "~/components/landing/page-header";
import { CONTACT } from "~/components/landing/content";
import { originOf, pageMeta } from "~/components/landing/seo";
import { formAction } from "~/server/http/page-action.server";
import { rateLimitContact, submitContactMessage } from "~/server/services/contact.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "Contact Coinwork · Phone, e-mail and address",
    description: "Questions about tasks, coins or withdrawals? Call, e-mail or send the Coinwork team a message; we reply within one business day.",
    path: "/contact",
    origin: loaderData?.origin,
  });

export function loader({ request }: Route.LoaderArgs) {
  return { origin: originOf(request) };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    schema: contactSchema,
    failure: (refused) => ({ title: "Message not sent", message: refused.message }),
    unexpected: "Your message could not be sent. Please try again.",
    before: ({ env, request }) => rateLimitContact(env, request),
    async run(input, { env }) {
      await submitContactMessage(env, input);
      return {
        title: "Message sent!",
        message: "Thanks for reaching out. We reply within one business day.",
        to: "/contact",
      };
    },
  });

const CARDS = [
  { icon: Phone, title: "Phone", value: CONTACT.phone, href: CONTACT.phoneHref, note: "Mon–Fri, 9 am – 6 pm CT" },
  { icon: Mail, title: "E-mail", value: CONTACT.email, href: `mailto:${CONTACT.email}`, note: "We reply within one business day" },
  { icon: MapPin, title: "Address", value: CONTACT.address, href: CONTACT.mapLink, note: "Visits by appointment" },
];

export default function Contact() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getValibotConstraint(contactSchema),
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: contactSchema }),
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
      <PublicPageHeader eyebrow="Contact" title="We'd love to hear from you">
        <p>Questions about a task, your coins or a withdrawal? Reach us any way you like.</p>
      </PublicPageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6">
        <ul className="grid gap-4 md:grid-cols-3" aria-label="Ways to reach us">
          {CARDS.map((c) => (
            <li key={c.title} className="flex gap-4 rounded-2xl border border-border bg-white p-6 shadow-xs">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <c.icon className="size-6" aria-hidden />
              </span>
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900">{c.title}</h2>
                <a
                  href={c.href}
                  className="mt-1 block break-words font-medium text-brand-800 hover:underline"
                  {...(c.title === "Address" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                >
                  {c.value}
                  {c.title === "Address" ? <span className="sr-only"> (map, opens in a new tab)</span> : null}
                </a>
                <p className="mt-1 text-sm text-muted-foreground">{c.note}</p>
              </div>
            </li>
          ))}
        </ul>

        <div className="grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="contact-form-title" className="rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-8">
            <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight">
              Send us a message
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">Fields marked * are required.</p>
            <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
              {form.errors ? (
                <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                  <p className="font-semibold">Message not sent</p>
                  <p>{form.errors[0]}</p>
                </div>
              ) : null}
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Name *" htmlFor={fields.name.id} error={fields.name.errors}>
                  <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" placeholder="Your name" />
                </Field>
                <Field label="Email *" htmlFor={fields.email.id} error={fields.email.errors}>
                  <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder="you@example.com" />
                </Field>
              </div>
              <Field label="Subject" htmlFor={fields.subject.id} error={fields.subject.errors}>
                <Input {...getInputProps(fields.subject, { type: "text" })} placeholder="What is it about?" />
              </Field>
              <Field label="Message" htmlFor={fields.message.id} error={fields.message.errors}>
                <Textarea {...getTextareaProps(fields.message)} rows={6} placeholder="How can we help?" />
              </Field>
              <div>
                <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
                  <Send aria-hidden /> {busy ? "Sending…" : "Submit Now"}
                </Button>
              </div>
            </Form>
          </section>

          <section aria-labelledby="map-title" className="grid content-start gap-4">
            <h2 id="map-title" className="sr-only">
              Map
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
                alt={`Map of our office at ${CONTACT.address}, near Lady Bird Lake`}
                className="h-auto w-full transition group-hover:scale-[1.02]"
              />
              <span className="absolute bottom-3 right-3 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-slate-900 shadow">
                Open in OpenStreetMap <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </span>
            </a>
            <div className="flex items-start gap-3 rounded-2xl border border-border bg-white p-5 text-sm shadow-xs">
              <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
              <p className="text-slate-600">
                <span className="font-semibold text-slate-900">Support hours:</span> Monday to Friday, 9 am to 6 pm Central
                Time. Messages sent outside these hours are answered the next business day.
              </p>
            </div>
          </section>
        </div>
      </div>
    </main>
  );
}
