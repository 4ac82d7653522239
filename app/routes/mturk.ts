import { getEnv } from "~/server/context";
import { mturkEndpoint } from "~/server/mturk/endpoint.server";
import type { Route } from "./+types/mturk";

// The MTurk Requester API (docs/mturk.md): boto3 posts to /mturk, the JavaScript SDK to /mturk/; both land here.
// A client whose endpoint is a host alone posts to /, which the Worker's entry hands to the same endpoint.
export const action = ({ request, context }: Route.ActionArgs) => mturkEndpoint(request, getEnv(context));
export const loader = action;
