// The header's language switch: one tap reads Coinwork in the other language (POST /language keeps the choice on
// the account or in a cookie, then comes back to this page). A plain form: it works before the page's script runs.
import { Form, useLocation } from "react-router";
import { Languages } from "./icons";
import { cn } from "~/lib/cn";
import { LANGUAGE_NAMES } from "~/lib/i18n/languages";
import { useLanguage, useWords } from "~/lib/i18n/react";
import { buttonVariants } from "./ui/button";

export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  const t = useWords("common");
  const { pathname, search } = useLocation();
  const other = language === "en" ? "bn" : "en";
  return (
    <Form method="post" action="/language" className={className}>
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      <button
        type="submit"
        name="language"
        value={other}
        title={t("language.switchTo", { language: LANGUAGE_NAMES[other] })}
        className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "gap-1.5 px-2")}
      >
        <Languages aria-hidden className="max-sm:hidden" />
        <span className="font-language-name" lang={other}>
          {LANGUAGE_NAMES[other]}
        </span>
        <span className="sr-only">{t("language.label")}</span>
      </button>
    </Form>
  );
}
