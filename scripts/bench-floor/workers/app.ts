import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { databaseContext } from "../app/context";

// Derived once per isolate, as the app's own Worker does (given a function, React Router re-derives it per request).
let handler: Promise<RequestHandler> | undefined;

export default {
  async fetch(request, env) {
    handler ??= import("virtual:react-router/server-build").then((build) =>
      createRequestHandler(build, import.meta.env.MODE),
    );
    const context = new RouterContextProvider();
    context.set(databaseContext, env.DB);
    return (await handler)(request, context);
  },
} satisfies ExportedHandler<{ DB: D1Database }>;
