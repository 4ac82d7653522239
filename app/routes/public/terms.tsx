import type { Route } from "./+types/terms";
import { PublicPageHeader } from "~/components/landing/page-header";
import { originOf, pageMeta } from "~/components/landing/seo";
import { getEnv } from "~/server/context";
import { minimumPayOf } from "~/server/services/pay-rate.server";
import { hourlyWords, SUBMISSIONS_TO_JUDGE } from "~/lib/pay-rate";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "Terms of Service · Coinwork",
    description:
      "The rules of Coinwork: accounts, coins, posting and completing tasks, payment after buyer approval, non-refundable purchases, withdrawals and conduct.",
    path: "/terms",
    origin: loaderData?.origin,
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return { origin: originOf(request), minimumPay: hourlyWords(minimumPayOf(getEnv(context))) };
}

/** The minimum hourly pay of this deployment (MIN_HOURLY_PAY_CENTS), a rule of posting tasks. */
const minimumPayRule = (minimumPay: string) =>
  `Every task pays at least ${minimumPay} of work (in withdrawal dollars). A task posted on Coinwork's pages, from a CSV file or by the REST API has a time estimate, and a pay lower at it cannot be posted or updated; when the median time of its timed submissions (from the third on) makes it pay less, it is marked so to workers until its buyer raises the pay. A task posted through the MTurk API (a HIT) has no estimate: it is judged by the median time its first ${SUBMISSIONS_TO_JUDGE} timed submissions took, from start to submit. If its pay is lower at that time, it takes no new starts until its buyer raises the pay, and the work sent on it (also later, by workers who had started) is topped up to the minimum at that time by a bonus from the buyer's balance.`;

const SECTIONS: { id: string; title: string; body: string[] }[] = [
  {
    id: "acceptance",
    title: "Acceptance of these terms",
    body: [
      "By creating an account or using Coinwork you agree to these terms. If you do not agree, do not use the service.",
      "We may update these terms; the date at the top shows the latest version, and continued use after a change means you accept it.",
    ],
  },
  {
    id: "accounts",
    title: "Accounts and roles",
    body: [
      "You register as a Worker or a Buyer with accurate details and keep your password safe. You are responsible for everything done with your account.",
      "Admin accounts are appointed by Coinwork and cannot be self-registered. We may disable accounts that break these terms.",
    ],
  },
  {
    id: "coins",
    title: "Coins",
    body: [
      "Coins are Coinwork's in-product currency. Buyers purchase coins at 10 coins per 1 US dollar; workers withdraw earned coins at 20 coins per 1 US dollar.",
      "Coins have no value outside Coinwork and cannot be transferred between accounts except through approved task payments.",
    ],
  },
  {
    id: "purchases",
    title: "Purchases are non-refundable",
    body: [
      "All coin purchases are final and non-refundable. Coins are added to your balance once the card payment succeeds.",
      "Coins held for a task you delete, or for slots that are never filled, return to your Coinwork balance as coins, not as money.",
    ],
  },
  {
    id: "tasks",
    title: "Posting tasks",
    body: [
      "Buyers describe each task clearly, set the number of workers and the pay per worker, and must not ask for anything illegal, deceptive or harmful.",
      "Posting a task holds its full cost (workers × pay per worker) in escrow from your balance.",
    ],
  },
  {
    id: "payment",
    title: "Submissions and payment after approval",
    body: [
      "Workers submit their work through the task page. Payment is released to a worker only after the buyer approves the submission; a rejected submission earns nothing and its slot reopens.",
      "Buyers review submissions in good faith. Submissions left unreviewed for a long time may be approved automatically.",
    ],
  },
  {
    id: "withdrawals",
    title: "Withdrawals",
    body: [
      "Workers may request a withdrawal from 200 coins (10 US dollars). The coins are held while an admin reviews the request and are paid out once it is approved.",
      "A rejected withdrawal returns the coins to your balance. We may ask for information to prevent fraud.",
    ],
  },
  {
    id: "conduct",
    title: "Conduct, liability and contact",
    body: [
      "No fake submissions, multiple accounts, spam or attempts to game reviews or payments. We may remove content and disable accounts that do.",
      "Coinwork is provided as is, to the extent the law allows. Questions about these terms: support@coinwork.dev.",
    ],
  },
];

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <PublicPageHeader eyebrow="Legal" title="Terms of Service">
        <p>Last updated: January 15, 2026. Please read these eight sections before using Coinwork.</p>
      </PublicPageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[240px_1fr]">
        <nav aria-label="Sections" className="max-lg:hidden">
          <ol className="sticky top-24 grid gap-1 text-sm">
            {SECTIONS.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="block rounded-md px-3 py-1.5 text-slate-600 hover:bg-muted hover:text-slate-900">
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <ol className="grid max-w-3xl gap-8" data-testid="terms">
          {SECTIONS.map((s, i) => (
            <li key={s.id}>
              <section id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24">
                <h2 id={`${s.id}-title`} className="text-xl font-bold tracking-tight text-slate-900">
                  <span className="mr-2 text-brand-700">{i + 1}.</span>
                  {s.title}
                </h2>
                {(s.id === "tasks" ? [...s.body, minimumPayRule(loaderData.minimumPay)] : s.body).map((p) => (
                  <p key={p} className="mt-3 leading-relaxed text-slate-600">
                    {p}
                  </p>
                ))}
              </section>
            </li>
          ))}
        </ol>
      </div>
    </main>
  );
}
