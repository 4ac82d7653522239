import type { Route } from "./+types/openapi";
import { apiMiddleware } from "~/server/http/cors.server";
import { openApiDocument } from "~/server/http/openapi.server";
import { json, rest } from "~/server/http/rest.server";

/** GET /openapi.json: the OpenAPI 3.1 description of the REST API, generated from its valibot schemas. */
const handle = rest({
  GET: ({ origin }) => json(openApiDocument(origin)),
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
