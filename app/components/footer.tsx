import { Link } from "react-router";
import { Mail, MapPin, Phone } from "~/components/icons";
import { Logo } from "./logo";
import { CONTACT } from "./landing/content";
import type { Key } from "~/lib/i18n/messages";
import { useFormat, useWords } from "~/lib/i18n/react";

const GROUPS: { title: Key<"public"> | null; links: { to: string; label: Key<"public"> }[] }[] = [
  {
    // the brand's group is titled with the brand's name
    title: null,
    links: [
      { to: "/", label: "nav.home" },
      { to: "/about", label: "nav.about" },
      { to: "/contact", label: "nav.contact" },
      { to: "/terms", label: "nav.terms" },
      { to: "/faq", label: "nav.faq" },
    ],
  },
  {
    title: "footer.forWorkers",
    links: [
      { to: "/dashboard/workerhome", label: "nav.home" },
      { to: "/dashboard/tasklist", label: "footer.taskList" },
      { to: "/dashboard/mysubmissions", label: "footer.mySubmissions" },
      { to: "/dashboard/withdraw", label: "footer.withdrawals" },
    ],
  },
  {
    title: "footer.forBuyers",
    links: [
      { to: "/dashboard/buyerhome", label: "nav.home" },
      { to: "/dashboard/addtask", label: "footer.addTask" },
      { to: "/dashboard/mytasks", label: "footer.myTasks" },
      { to: "/dashboard/purchasecoin", label: "footer.purchaseCoin" },
      { to: "/dashboard/paymenthistory", label: "footer.paymentHistory" },
    ],
  },
];

const SOCIAL: { href: string; label: Key<"public">; path: string }[] = [
  {
    href: "https://www.facebook.com/coinwork",
    label: "footer.facebook",
    path: "M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z",
  },
  {
    href: "https://www.linkedin.com/company/coinwork",
    label: "footer.linkedin",
    path: "M5 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM3.3 9h3.4v11H3.3zM9 9h3.2v1.5c.5-.9 1.7-1.8 3.5-1.8 3.6 0 4.3 2.3 4.3 5.4V20h-3.4v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H9z",
  },
  {
    href: "https://x.com/coinwork",
    label: "footer.x",
    path: "M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z",
  },
];

export function Footer() {
  const t = useWords("public");
  const brand = useWords("common")("brand");
  const f = useFormat();
  return (
    <footer className="mt-16 bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="grid content-start gap-4 lg:col-span-2">
          <Logo light />
          <p className="max-w-sm text-sm text-slate-400">{t("footer.tagline")}</p>
          <ul className="grid gap-2 text-sm">
            <li className="flex items-center gap-2">
              <Phone className="size-4 text-amber-300" aria-hidden /> {t("footer.callUs")}{" "}
              <a href={CONTACT.phoneHref} className="hover:text-white">
                {CONTACT.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="size-4 text-amber-300" aria-hidden /> {t("footer.city")}
            </li>
            <li className="flex items-center gap-2">
              <Mail className="size-4 text-amber-300" aria-hidden />{" "}
              <a href={`mailto:${CONTACT.email}`} className="hover:text-white">
                {CONTACT.email}
              </a>
            </li>
          </ul>
        </div>
        {GROUPS.map((g) => (
          <nav key={g.title ?? "brand"} aria-label={g.title ? t(g.title) : brand}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-white">
              {g.title ? t(g.title) : brand}
            </h2>
            <ul className="grid gap-2 text-sm">
              {g.links.map((l) => (
                <li key={l.to + l.label}>
                  <Link to={l.to} className="hover:text-white">
                    {t(l.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 text-sm sm:flex-row sm:px-6">
          <p>{t("footer.rights", { year: f.year(new Date().getFullYear()) })}</p>
          <ul className="flex gap-3">
            {SOCIAL.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(s.label)}
                  className="flex size-9 items-center justify-center rounded-full bg-slate-800 hover:bg-slate-700"
                >
                  <svg viewBox="0 0 24 24" className="size-4 fill-current" aria-hidden="true">
                    <path d={s.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
