import type { Route } from "./+types/messages";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Messages · Coinwork" }];

export default function Page() {
  return <PageHeader title="Messages" />;
}
