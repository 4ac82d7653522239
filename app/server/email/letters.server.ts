// The words of every e-mail Coinwork sends (docs/product/messages.md, "E-mails"), each written once and rendered
// twice: plain, accessible HTML (real text, the link as a button and as its raw address, no images) and plain text.
// A letter is written in its recipient's language (users.language), its words from the catalogues' `email` namespace.
import type { Language } from "~/lib/i18n/languages";
import { formatMessage } from "~/lib/i18n/messages";
import { compiledNamespaces, serverWords, type ServerWords } from "~/lib/i18n/words.server";
import type { Mail } from "./mailer.server";

interface Letter {
  language: Language;
  to: string;
  subject: string;
  /** the person's name, for "Hi …," */
  name: string;
  /** what the message says, one paragraph each */
  paragraphs: string[];
  /** the one thing to do, if any: a button (and its address written out) */
  action?: { label: string; url: string };
  /** links listed under the paragraphs (a digest's tasks), each with a line of detail */
  links?: { title: string; detail: string; url: string }[];
  /** what to know afterwards (how long the link works, what to do if it was not you) */
  after: string[];
  /** a list message's unsubscribe link: in the footer and in the List-Unsubscribe headers (RFC 8058 one-click) */
  unsubscribeUrl?: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const BRAND = "#0f766e";

/** "Don't want these e-mails? Unsubscribe with one click.", its link around the catalogue's `<link>` words. */
function unsubscribeLine(language: Language, url: string): string {
  const out = formatMessage<string>(
    compiledNamespaces(language, ["email"]).email?.unsubscribe,
    "email.unsubscribe",
    language,
    {
      link: (chunks) => `<a href="${escapeHtml(url)}" style="color:${BRAND}">${chunks.join("")}</a>`,
    },
  );
  return Array.isArray(out) ? out.join("") : out;
}

function render(letter: Letter): Mail {
  const t = serverWords(letter.language, "email");
  const signature = t("signature");
  const hi = t("hi", { name: letter.name });
  const p = (text: string, style = "") => `<p style="margin:0 0 16px;line-height:1.5;${style}">${escapeHtml(text)}</p>`;
  const action = letter.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(letter.action.url)}" style="display:inline-block;background:${BRAND};color:#ffffff;padding:12px 20px;border-radius:8px;font-weight:600;text-decoration:none">${escapeHtml(letter.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;line-height:1.5;font-size:14px;color:#475569">${escapeHtml(t("buttonFallback"))}<br><a href="${escapeHtml(letter.action.url)}" style="color:${BRAND};word-break:break-all">${escapeHtml(letter.action.url)}</a></p>`
    : "";
  const links = letter.links?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${letter.links
        .map(
          (l) =>
            `<li style="margin:0 0 8px"><a href="${escapeHtml(l.url)}" style="color:${BRAND};font-weight:600">${escapeHtml(l.title)}</a><br><span style="font-size:14px;color:#475569">${escapeHtml(l.detail)}</span></li>`,
        )
        .join("")}</ul>`
    : "";
  const unsubscribe = letter.unsubscribeUrl
    ? `<p style="margin:16px 0 0;line-height:1.5;font-size:14px;color:#475569">${unsubscribeLine(letter.language, letter.unsubscribeUrl)}</p>`
    : "";
  const html = [
    `<!doctype html><html lang="${letter.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(letter.subject)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">`,
    `<p style="margin:0 0 20px;font-size:20px;font-weight:700;color:${BRAND}">Coinwork</p>`,
    p(hi),
    ...letter.paragraphs.map((t) => p(t)),
    links,
    action,
    ...letter.after.map((t) => p(t, "font-size:14px;color:#475569")),
    p(signature),
    unsubscribe,
    `</div></body></html>`,
  ].join("\n");
  const text = [
    hi,
    ...letter.paragraphs,
    ...(letter.links ?? []).map((l) => `${l.title}\n${l.detail}\n${l.url}`),
    ...(letter.action ? [`${letter.action.label}:\n${letter.action.url}`] : []),
    ...letter.after,
    signature,
    ...(letter.unsubscribeUrl ? [t("unsubscribeText", { url: letter.unsubscribeUrl })] : []),
  ].join("\n\n");
  const headers = letter.unsubscribeUrl
    ? { "List-Unsubscribe": `<${letter.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : undefined;
  return { to: letter.to, subject: letter.subject, html, text: `${text}\n`, ...(headers ? { headers } : {}) };
}

interface Person {
  name: string;
  email: string;
  /** the language the person reads Coinwork in (users.language) */
  language: Language;
}

/** A letter to `person`, in their language: `t` gives its words. */
function letterTo(
  person: Person,
  compose: (t: ServerWords<"email">) => Omit<Letter, "language" | "to" | "name"> & { to?: string },
): Mail {
  const { to, ...words } = compose(serverWords(person.language, "email"));
  return render({ language: person.language, to: to ?? person.email, name: person.name, ...words });
}

/** After registration (and on "Resend"): the link that proves the address is the account holder's. */
export function verifyEmailLetter(person: Person, url: string): Mail {
  return letterTo(person, (t) => ({
    subject: t("verify.subject"),
    paragraphs: [t("verify.welcome", { email: person.email }), t("verify.until")],
    action: { label: t("verify.action"), url },
    after: [t("link.once24h"), t("verify.notYou")],
  }));
}

/** A requester API key was made for the account: so that a key its owner did not make does not go unnoticed. */
export function requesterKeyCreatedLetter(person: Person, accessKeyId: string, keysUrl: string): Mail {
  return letterTo(person, (t) => ({
    subject: t("key.subject"),
    paragraphs: [t("key.created", { key: accessKeyId }), t("key.scripts")],
    action: { label: t("key.action"), url: keysUrl },
    after: [t("key.notYou")],
  }));
}

/** "Forgot password?": a link to choose a new password. */
export function resetPasswordLetter(person: Person, url: string): Mail {
  return letterTo(person, (t) => ({
    subject: t("reset.subject"),
    paragraphs: [t("reset.asked", { email: person.email })],
    action: { label: t("reset.action"), url },
    after: [t("reset.once"), t("reset.notYou")],
  }));
}

/** An e-mail change, sent to the new address: the change happens only when this link is opened. */
export function confirmNewEmailLetter(person: Person, newEmail: string, url: string): Mail {
  return letterTo(person, (t) => ({
    to: newEmail,
    subject: t("newEmail.subject"),
    paragraphs: [t("newEmail.asked", { email: newEmail }), t("newEmail.until", { email: person.email })],
    action: { label: t("newEmail.action"), url },
    after: [t("link.once24h"), t("newEmail.notYou")],
  }));
}

/** After an e-mail change, to the old address: so that a change the owner did not make does not go unnoticed. */
export function emailChangedLetter(person: Person, newEmail: string, contactUrl: string): Mail {
  return letterTo(person, (t) => ({
    subject: t("changed.subject"),
    paragraphs: [t("changed.now", { email: newEmail })],
    after: [t("changed.notYou", { url: contactUrl })],
  }));
}

/**
 * An e-mail change of an account without a password, sent to its current address first: opening the link approves
 * it (a session alone proves too little), and only then the new address gets its own link.
 */
export function approveEmailChangeLetter(person: Person, newEmail: string, url: string): Mail {
  return letterTo(person, (t) => ({
    subject: t("approve.subject"),
    paragraphs: [t("approve.asked", { from: person.email, to: newEmail }), t("approve.ifYou", { email: newEmail })],
    action: { label: t("approve.action"), url },
    after: [t("link.once24h"), t("approve.notYou")],
  }));
}

/**
 * The task alerts' digest (at most one an hour): the new tasks matching the worker's saved searches, the alerts
 * page, and the one-click unsubscribe link (footer and List-Unsubscribe headers). A task's `detail` is made in the
 * person's language by the caller.
 */
export function alertDigestLetter(
  person: Person,
  digest: {
    tasks: { title: string; detail: string; url: string }[];
    more: number;
    alertsUrl: string;
    unsubscribeUrl: string;
  },
): Mail {
  const count = digest.tasks.length + digest.more;
  return letterTo(person, (t) => ({
    subject: t("digest.subject", { count }),
    paragraphs: [t("digest.intro", { count })],
    links: digest.tasks,
    action: { label: t("digest.action"), url: digest.alertsUrl },
    after: [...(digest.more > 0 ? [t("digest.more", { count: digest.more })] : []), t("digest.often")],
    unsubscribeUrl: digest.unsubscribeUrl,
  }));
}

/** A buyer's message to a worker who worked for them (the requester API's NotifyWorkers): their words, quoted. */
export function buyerMessageLetter(person: Person, from: string, subject: string, message: string, url: string): Mail {
  return letterTo(person, (t) => ({
    subject: t("buyerMessage.subject", { from, subject }),
    paragraphs: [t("buyerMessage.intro", { from }), subject, message],
    action: { label: t("open"), url },
    after: [t("buyerMessage.only")],
  }));
}

/**
 * A new message in a conversation about a task or a submission, at most once an hour per conversation and reader
 * (messages.server.ts): who wrote and about what, never the message itself (it is read signed in).
 */
export function newMessageLetter(person: Person, from: string, taskTitle: string, url: string): Mail {
  return letterTo(person, (t) => ({
    subject: t("newMessage.subject", { title: taskTitle }),
    paragraphs: [t("newMessage.intro", { from, title: taskTitle })],
    action: { label: t("newMessage.action"), url },
    after: [t("newMessage.often")],
  }));
}

/**
 * The requester API's notifications by e-mail (UpdateNotificationSettings with the Email transport): the events of a
 * HIT type's HITs, one line each, as MTurk names them, with the message as the webhook would post it.
 */
export function hitEventsLetter(
  person: Person,
  events: { EventType: string; EventTimestamp: string; HITId?: string; AssignmentId?: string }[],
  message: string,
  url: string,
): Mail {
  return letterTo(person, (t) => ({
    subject:
      events.length === 1
        ? t("hitEvents.subjectOne", { type: events[0].EventType })
        : t("hitEvents.subject", { count: events.length }),
    paragraphs: [
      ...events.map((e) =>
        t("hitEvents.line", {
          type: e.EventType,
          at: e.EventTimestamp,
          hit: e.HITId ?? "",
          hasHit: e.HITId ? "yes" : "no",
          assignment: e.AssignmentId ?? "",
          hasAssignment: e.AssignmentId ? "yes" : "no",
        }),
      ),
      t("hitEvents.json", { message }),
    ],
    action: { label: t("open"), url },
    after: [t("hitEvents.why")],
  }));
}
