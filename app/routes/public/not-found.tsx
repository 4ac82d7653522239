import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { StatusScreen } from "~/components/status-screen";

export const meta: Route.MetaFunction = () => [{ title: "Page not found · Coinwork" }, { name: "robots", content: "noindex" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <StatusScreen code="404" title="We couldn't find that page" image="/illustrations/not-found.svg" />;
}
