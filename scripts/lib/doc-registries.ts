// The code's registries that docs tables are written from (scripts/docs-tables.ts), in one module so that Vite
// loads the app once: the MTurk operations and their rows, and the REST catalogue as /api-docs reads it. Loaded
// through Vite (`runnerImport`), not Node's type stripping: the catalogue gathers its routes with import.meta.glob.
export { OPERATIONS } from "../../app/server/mturk/operations.server.ts";
export { OPERATION_DOCS } from "../../app/server/mturk/operation-docs.server.ts";
export { endpoints } from "../../app/routes/api/catalogue.server.ts";
export { apiReference } from "../../app/server/http/openapi.server.ts";
