import { Link } from "react-router";
import { Eye, HandCoins, ShieldCheck } from "~/components/icons";
import type { Route } from "./+types/about";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { PublicPageHeader } from "~/components/landing/page-header";
import { originOf, pageMeta } from "~/components/landing/seo";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "About Coinwork · Our story from 2022 to 2025",
    description:
      "How Coinwork grew from a weekend experiment in 2022 into a micro-task marketplace where real people earn coins for small jobs.",
    path: "/about",
    origin: loaderData?.origin,
  });

export function loader({ request }: Route.LoaderArgs) {
  return { origin: originOf(request) };
}

const HISTORY = [
  {
    year: "2022",
    title: "The idea",
    text: "Two friends paying freelancers for tiny jobs found the fees bigger than the work. They built a simple board where anyone could post a small task and pay per result.",
  },
  {
    year: "2023",
    title: "Coins and fair review",
    text: "Coinwork introduced coins: buyers top up, workers earn per approved submission and withdraw as money. Every submission is reviewed by the buyer before coins move.",
  },
  {
    year: "2024",
    title: "Nine categories",
    text: "From video engagement and translation to app testing and data entry, the task board grew to nine categories and thousands of workers around the world.",
  },
  {
    year: "2025",
    title: "Built for trust",
    text: "An escrow ledger, faster payouts and an admin team that checks every withdrawal. Workers are now paid within days of approval.",
  },
];

const VALUES = [
  { icon: HandCoins, title: "Pay for results", text: "Buyers pay only for approved work; coins wait in escrow until then." },
  { icon: ShieldCheck, title: "Every coin accounted for", text: "Every movement of coins is written to a ledger, so balances always add up." },
  { icon: Eye, title: "Real people, reviewed", text: "Each submission is read by a person; each withdrawal is checked by an admin." },
];

export default function About() {
  return (
    <main>
      <PublicPageHeader eyebrow="About us" title="Small tasks, real people, fair pay">
        <p>Coinwork connects people who need small jobs done with people who want to earn from their spare minutes.</p>
      </PublicPageHeader>
      <div className="mx-auto grid max-w-7xl gap-16 px-4 py-12 sm:px-6">
        <section aria-labelledby="history-title" className="grid items-start gap-10 lg:grid-cols-2">
          <div>
            <h2 id="history-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Our story
            </h2>
            <p className="mt-2 text-muted-foreground">Four steps from a weekend experiment to a marketplace.</p>
            <ol className="mt-8 grid gap-0" data-testid="history">
              {HISTORY.map((step, i) => (
                <li key={step.year} className="relative grid grid-cols-[auto_1fr] gap-x-5 pb-8 last:pb-0">
                  <div className="flex flex-col items-center">
                    <span className="flex size-14 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white shadow-sm ring-4 ring-brand-100">
                      {step.year}
                    </span>
                    {i < HISTORY.length - 1 ? <span aria-hidden className="mt-2 w-0.5 flex-1 bg-brand-200" /> : null}
                  </div>
                  <div className="pt-2">
                    <h3 className="text-lg font-semibold text-slate-900">
                      <span className="sr-only">{step.year}: </span>
                      {step.title}
                    </h3>
                    <p className="mt-1 text-slate-600">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <img
            src="/images/about-team-960.webp"
            srcSet="/images/about-team-480.webp 480w, /images/about-team-960.webp 960w"
            sizes="(min-width: 1024px) 600px, calc(100vw - 2rem)"
            width={960}
            height={720}
            alt="Four members of the Coinwork team in front of a growing chart"
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-[600px] lg:sticky lg:top-24"
          />
        </section>
        <section aria-labelledby="values-title">
          <h2 id="values-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            What we stand for
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {VALUES.map((v) => (
              <li key={v.title} className="rounded-2xl border border-border bg-white p-6 shadow-xs">
                <v.icon className="size-8 text-brand-700" aria-hidden />
                <h3 className="mt-4 font-semibold text-slate-900">{v.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{v.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-3xl bg-brand-900 px-6 py-8 text-white sm:px-10">
          <p className="text-xl font-semibold">Ready to post a task or start earning?</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/register" className={cn(buttonVariants({ size: "lg" }), "bg-amber-300 text-slate-950 hover:bg-amber-200")}>
              Join Coinwork
            </Link>
            <Link to="/contact" className={cn(buttonVariants({ variant: "outline", size: "lg" }), "border-white/40 bg-transparent text-white hover:bg-white/10")}>
              Contact us
            </Link>
          </div>
        </div>
      </div>
    </main>
  );
}
