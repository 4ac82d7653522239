import type { Route } from "./+types/unauthorized";
import { StatusScreen } from "~/components/status-screen";

export const meta: Route.MetaFunction = () => [{ title: "Not allowed · Coinwork" }, { name: "robots", content: "noindex" }];

export default function Unauthorized() {
  return <StatusScreen code="403" title="You don't have access to this page" image="/illustrations/unauthorized.svg" />;
}
