// The REST API's catalogue: every route module of this folder declares its methods' entries beside their handlers
// (`rest()` in server/http/rest.server.ts); this gathers them, with the one route that describes the others,
// GET /openapi.json (routes/api/openapi.ts is this module's `openApiRoute`: a route that read the catalogue while
// being part of it would import itself). /openapi.json, /api-docs, the contract tests and the authorization matrix
// read `endpoints`.
import { API_TAGS, type EndpointDoc, type HttpMethod } from "~/server/http/endpoint.server";
import { openApiDocument } from "~/server/http/openapi.server";
import { json, rest, type RestRoute } from "~/server/http/rest.server";

/** Every REST route module's loader, by file ("./tasks.ts"); the layout and this folder's server modules are none. */
const routes = import.meta.glob<RestRoute>(["./*.ts", "!./*.server.ts", "!./layout.ts", "!./openapi.ts"], {
  eager: true,
  import: "loader",
});

export const openApiRoute = rest("/openapi.json", "Reference", {
  GET: {
    summary: "This OpenAPI 3.1 document (the reference page is /api-docs)",
    access: "public",
    responses: [{ status: 200, description: "OpenAPI 3.1" }],
    handler: ({ origin }) => json(openApiDocument(endpoints, origin)),
  },
});

/** An entry with the route module that declares it ("routes/api/tasks.ts", as app/routes.ts names it). */
export interface CatalogueEntry extends EndpointDoc {
  file: string;
}

const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const order = (e: EndpointDoc) => [API_TAGS.indexOf(e.tag), e.path, METHODS.indexOf(e.method)] as const;

/** The catalogue, by group (API_TAGS), then path, then method. */
export const endpoints: CatalogueEntry[] = [
  ...Object.entries(routes).flatMap(([file, route]) =>
    route.endpoints.map((e) => ({ ...e, file: `routes/api/${file.slice(2)}` })),
  ),
  ...openApiRoute.endpoints.map((e) => ({ ...e, file: "routes/api/openapi.ts" })),
].sort((a, b) => {
  const [x, y] = [order(a), order(b)];
  return x[0] - y[0] || x[1].localeCompare(y[1]) || x[2] - y[2];
});
