import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { StatusScreen } from "~/components/status-screen";
import { metaWords, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaWords(matches, "public")("notFound.meta") },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const t = useWords("public");
  return <StatusScreen code="404" title={t("notFound.title")} image="/illustrations/not-found.svg" />;
}
