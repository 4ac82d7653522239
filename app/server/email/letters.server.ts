// The words of every e-mail Coinwork sends (docs/product/messages.md, "E-mails"), each written once and rendered
// twice: plain, accessible HTML (real text, the link as a button and as its raw address, no images) and plain text.
import type { Mail } from "./mailer.server";

interface Letter {
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

const SIGNATURE = "The Coinwork team";
const BRAND = "#0f766e";

function render(letter: Letter): Mail {
  const p = (text: string, style = "") => `<p style="margin:0 0 16px;line-height:1.5;${style}">${escapeHtml(text)}</p>`;
  const action = letter.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(letter.action.url)}" style="display:inline-block;background:${BRAND};color:#ffffff;padding:12px 20px;border-radius:8px;font-weight:600;text-decoration:none">${escapeHtml(letter.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;line-height:1.5;font-size:14px;color:#475569">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(letter.action.url)}" style="color:${BRAND};word-break:break-all">${escapeHtml(letter.action.url)}</a></p>`
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
    ? `<p style="margin:16px 0 0;line-height:1.5;font-size:14px;color:#475569">Don't want these e-mails? <a href="${escapeHtml(letter.unsubscribeUrl)}" style="color:${BRAND}">Unsubscribe</a> with one click.</p>`
    : "";
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(letter.subject)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">`,
    `<p style="margin:0 0 20px;font-size:20px;font-weight:700;color:${BRAND}">Coinwork</p>`,
    p(`Hi ${letter.name},`),
    ...letter.paragraphs.map((t) => p(t)),
    links,
    action,
    ...letter.after.map((t) => p(t, "font-size:14px;color:#475569")),
    p(SIGNATURE),
    unsubscribe,
    `</div></body></html>`,
  ].join("\n");
  const text = [
    `Hi ${letter.name},`,
    ...letter.paragraphs,
    ...(letter.links ?? []).map((l) => `${l.title}\n${l.detail}\n${l.url}`),
    ...(letter.action ? [`${letter.action.label}:\n${letter.action.url}`] : []),
    ...letter.after,
    SIGNATURE,
    ...(letter.unsubscribeUrl ? [`Don't want these e-mails? Unsubscribe: ${letter.unsubscribeUrl}`] : []),
  ].join("\n\n");
  const headers = letter.unsubscribeUrl
    ? { "List-Unsubscribe": `<${letter.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : undefined;
  return { to: letter.to, subject: letter.subject, html, text: `${text}\n`, ...(headers ? { headers } : {}) };
}

interface Person {
  name: string;
  email: string;
}

/** After registration (and on "Resend"): the link that proves the address is the account holder's. */
export function verifyEmailLetter(person: Person, url: string): Mail {
  return render({
    to: person.email,
    subject: "Confirm your email address",
    name: person.name,
    paragraphs: [
      `Welcome to Coinwork! Please confirm that ${person.email} is your email address.`,
      "Until you do, you can look around, but you can't post tasks, submit work, buy coins or withdraw.",
    ],
    action: { label: "Confirm my email address", url },
    after: [
      "The link works once, for 24 hours.",
      "If you didn't create a Coinwork account, you can ignore this email.",
    ],
  });
}

/** A requester API key was made for the account: so that a key its owner did not make does not go unnoticed. */
export function requesterKeyCreatedLetter(person: Person, accessKeyId: string, keysUrl: string): Mail {
  return render({
    to: person.email,
    subject: "A requester API key was created",
    name: person.name,
    paragraphs: [
      `A new MTurk Requester API key, ${accessKeyId}, was just created for your Coinwork account.`,
      "Scripts that sign with it can post tasks and pay workers from your balance, as you can.",
    ],
    action: { label: "See your keys", url: keysUrl },
    after: [
      "If you didn't create it, revoke it here at once, then change your password: that revokes every key and ends every session.",
    ],
  });
}

/** "Forgot password?": a link to choose a new password. */
export function resetPasswordLetter(person: Person, url: string): Mail {
  return render({
    to: person.email,
    subject: "Reset your password",
    name: person.name,
    paragraphs: [`Someone asked to reset the password of the Coinwork account for ${person.email}.`],
    action: { label: "Choose a new password", url },
    after: [
      "The link works once, for 30 minutes. Choosing a new password signs you out everywhere else.",
      "If you didn't ask for this, you can ignore this email: your password stays as it is.",
    ],
  });
}

/** An e-mail change, sent to the new address: the change happens only when this link is opened. */
export function confirmNewEmailLetter(person: Person, newEmail: string, url: string): Mail {
  return render({
    to: newEmail,
    subject: "Confirm your new email address",
    name: person.name,
    paragraphs: [
      `You asked to use ${newEmail} for your Coinwork account. Please confirm it is yours.`,
      `Until you do, your account keeps using ${person.email}.`,
    ],
    action: { label: "Confirm my new email address", url },
    after: [
      "The link works once, for 24 hours.",
      "If you didn't ask for this, you can ignore this email: nothing changes.",
    ],
  });
}

/** After an e-mail change, to the old address: so that a change the owner did not make does not go unnoticed. */
export function emailChangedLetter(person: Person, newEmail: string, contactUrl: string): Mail {
  return render({
    to: person.email,
    subject: "Your email address was changed",
    name: person.name,
    paragraphs: [
      `The email address of your Coinwork account is now ${newEmail}. From now on, we'll write to that address.`,
    ],
    after: [`If you didn't make this change, contact us right away: ${contactUrl}`],
  });
}

/**
 * An e-mail change of an account without a password, sent to its current address first: opening the link approves
 * it (a session alone proves too little), and only then the new address gets its own link.
 */
export function approveEmailChangeLetter(person: Person, newEmail: string, url: string): Mail {
  return render({
    to: person.email,
    subject: "Approve the change of your email address",
    name: person.name,
    paragraphs: [
      `Someone signed in to your Coinwork account asked to change its email address from ${person.email} to ${newEmail}.`,
      `If it was you, approve the change: we'll then send a link to ${newEmail} to confirm it.`,
    ],
    action: { label: "Approve the change", url },
    after: [
      "The link works once, for 24 hours.",
      "If it wasn't you, don't approve it: sign in and choose 'Sign out everywhere' in Settings to end every session.",
    ],
  });
}

/**
 * The task alerts' digest (at most one an hour): the new tasks matching the worker's saved searches, the alerts
 * page, and the one-click unsubscribe link (footer and List-Unsubscribe headers).
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
  const n = digest.tasks.length + digest.more;
  return render({
    to: person.email,
    subject: n === 1 ? "A new task matches your alerts" : `${n} new tasks match your alerts`,
    name: person.name,
    paragraphs: [n === 1 ? "A new task matches your saved searches:" : `${n} new tasks match your saved searches:`],
    links: digest.tasks,
    action: { label: "Manage your alerts", url: digest.alertsUrl },
    after: [
      ...(digest.more > 0 ? [`And ${digest.more} more: see them on your task list.`] : []),
      "We send at most one of these e-mails an hour. Your notifications and feeds list every match.",
    ],
    unsubscribeUrl: digest.unsubscribeUrl,
  });
}

/** A buyer's message to a worker who worked for them (the requester API's NotifyWorkers): their words, quoted. */
export function buyerMessageLetter(person: Person, from: string, subject: string, message: string, url: string): Mail {
  return render({
    to: person.email,
    subject: `${from} on Coinwork: ${subject}`,
    name: person.name,
    paragraphs: [`${from}, a buyer you worked for on Coinwork, sent you this message:`, subject, message],
    action: { label: "Open Coinwork", url },
    after: ["You get messages only from buyers whose tasks you worked on. Reply through their tasks' pages."],
  });
}

/**
 * A new message in a conversation about a task or a submission, at most once an hour per conversation and reader
 * (messages.server.ts): who wrote and about what, never the message itself (it is read signed in).
 */
export function newMessageLetter(person: Person, from: string, taskTitle: string, url: string): Mail {
  return render({
    to: person.email,
    subject: `New message about "${taskTitle}"`,
    name: person.name,
    paragraphs: [`${from} sent you a message about "${taskTitle}" on Coinwork.`],
    action: { label: "Read the conversation", url },
    after: ["We send at most one e-mail an hour per conversation; the others show in your notifications."],
  });
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
  const lines = events.map(
    (e) =>
      `${e.EventType} at ${e.EventTimestamp}${e.HITId ? `, HIT ${e.HITId}` : ""}${e.AssignmentId ? `, assignment ${e.AssignmentId}` : ""}`,
  );
  return render({
    to: person.email,
    subject: events.length === 1 ? `HIT event: ${events[0].EventType}` : `${events.length} HIT events`,
    name: person.name,
    paragraphs: [...lines, `The notification as JSON: ${message}`],
    action: { label: "Open Coinwork", url },
    after: [
      "You get these e-mails because a HIT type of yours sends its events by e-mail (UpdateNotificationSettings). Set Active to false to stop them.",
    ],
  });
}
