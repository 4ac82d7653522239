import { apiMiddleware } from "~/server/http/cors.server";

/**
 * The REST API's pathless layout (app/routes.ts): its middleware runs for every resource route below it, so CORS
 * is applied once here rather than in each route module. It renders nothing of its own.
 */
export const middleware = apiMiddleware;
