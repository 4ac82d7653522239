import type { Route } from "./+types/unauthorized";
import { StatusScreen } from "~/components/status-screen";
import { metaWords, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaWords(matches, "public")("notAllowed.meta") },
  { name: "robots", content: "noindex" },
];

export default function Unauthorized() {
  const t = useWords("public");
  return <StatusScreen code="403" title={t("notAllowed.title")} image="/illustrations/unauthorized.svg" />;
}
