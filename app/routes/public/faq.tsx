import { Link } from "react-router";
import { ChevronDown } from "~/components/icons";
import type { Route } from "./+types/faq";
import { PublicPageHeader } from "~/components/landing/page-header";
import { originOf, pageMeta } from "~/components/landing/seo";
import { getEnv } from "~/server/context";
import { minimumPayOf } from "~/server/services/pay-rate.server";
import { coinworkPromises, type CoinworkPromise } from "~/lib/promises";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "FAQ · Coinwork questions and answers",
    description: "How Coinwork works: earning and withdrawing coins, posting tasks, how submissions are reviewed and when workers are paid.",
    path: "/faq",
    origin: loaderData?.origin,
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return { origin: originOf(request), promises: coinworkPromises(minimumPayOf(getEnv(context))) };
}

interface Faq {
  q: string;
  a: string;
  /** promises listed under the answer */
  list?: CoinworkPromise[];
}

const FAQS: Faq[] = [
  {
    q: "What is Coinwork?",
    a: "Coinwork is a micro-task marketplace. Buyers post small tasks (reviews, surveys, testing, translation and more) and pay in coins; workers complete them and earn those coins.",
  },
  {
    q: "How do I earn coins as a worker?",
    a: "Register as a Worker (you start with 10 coins), open the task list, pick a task and submit your work. When the buyer approves your submission, its payable amount is added to your balance.",
  },
  {
    q: "How do I withdraw my earnings?",
    a: "From 200 coins you can request a withdrawal on the Withdrawals page. 20 coins are worth 1 US dollar. The coins are held while an admin reviews the request, and the money is sent once it is approved.",
  },
  {
    q: "How does posting a task work for buyers?",
    a: "Buy coins (10 coins per 1 US dollar), then add a task with the number of workers and the pay per worker. The total is held in escrow and released to each worker only after you approve their submission.",
  },
  {
    q: "What happens if a submission is rejected?",
    a: "The slot reopens for another worker and the coins stay in escrow for the task. The worker is notified, with your reason if you gave one. Buyers can delete a task to get the coins of its open slots back.",
  },
];

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { promises } = loaderData;
  const faqs: Faq[] = [
    FAQS[0]!,
    {
      q: "What does Coinwork promise workers?",
      a: "Five things, each a rule the site keeps rather than a hope:",
      list: promises.workers,
    },
    {
      q: "What does Coinwork offer requesters coming from MTurk?",
      a: "The tools you already use, and the checks you need:",
      list: promises.requesters,
    },
    ...FAQS.slice(1),
  ];
  return (
    <main>
      <PublicPageHeader eyebrow="FAQ" title="Frequently asked questions">
        <p>
          Short answers about coins, tasks and payouts. Something else?{" "}
          <Link to="/contact" className="font-semibold text-brand-800 underline underline-offset-4">
            Contact us
          </Link>
          .
        </p>
      </PublicPageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <div className="grid gap-3" data-testid="faq">
          {faqs.map((item, i) => (
            <details
              key={item.q}
              className="group rounded-2xl border border-border bg-white shadow-xs open:border-brand-200 open:shadow-sm"
              open={i === 0}
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 marker:hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
                <span className="text-base sm:text-lg">{item.q}</span>
                <ChevronDown className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" aria-hidden />
              </summary>
              <div className="grid gap-3 px-5 pb-5 leading-relaxed text-slate-600">
                <p>{item.a}</p>
                {item.list ? (
                  <ul className="grid list-disc gap-2 pl-5">
                    {item.list.map((p) => (
                      <li key={p.id}>
                        <strong className="font-semibold text-slate-900">{p.title}.</strong> {p.text}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </details>
          ))}
        </div>
      </div>
    </main>
  );
}
