import { openApiDocument } from "~/server/http/openapi.server";
import { json, rest } from "~/server/http/rest.server";

/** GET /openapi.json: the OpenAPI 3.1 description of the REST API, generated from its valibot schemas. */
export const loader = rest({
  GET: ({ origin }) => json(openApiDocument(origin)),
});
export const action = loader;
