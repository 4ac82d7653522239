// A path under /dashboard that names no page: the 404 inside the signed-in frame, with the way to the person's own
// home (the public 404 took them out of their dashboard). A visitor is asked to log in first, as on every dashboard
// path.
import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPanel } from "~/components/not-found-panel";
import { buttonVariants } from "~/components/ui/button";
import { signedInUser } from "~/server/auth/guards.server";
import { homeFor } from "~/lib/roles";
import { metaWords, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaWords(matches, "public")("notFound.meta") },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  return data({ home: homeFor(signedInUser(context).role) }, { status: 404 });
}

export default function DashboardNotFound({ loaderData }: Route.ComponentProps) {
  const t = useWords("public");
  const common = useWords("common");
  return (
    <NotFoundPanel title={t("notFound.title")} message={t("notFound.inDashboard")}>
      <Link to={loaderData.home} className={buttonVariants()}>
        {common("status.backHome")}
      </Link>
    </NotFoundPanel>
  );
}
