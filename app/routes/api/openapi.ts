import { openApiRoute } from "./catalogue.server";

/** GET /openapi.json: the OpenAPI 3.1 description of the REST API, generated from the routes' catalogue entries. */
export const loader = openApiRoute;
export const action = loader;
