// React Router's server entry (its default, for workerd), plus the Content-Security-Policy: each HTML response gets
// a fresh nonce, which React Router puts on its scripts and links (ServerRouter passes it to them; the root layout
// passes it again, so that the browser's render uses the same one: lib/csp.ts) and React on its streaming ones, and
// the header that allows exactly those.
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { CspAllowanceContext, NonceContext } from "./lib/csp";
import { getEnv } from "./server/context";
import { contentSecurityPolicy, cspAllowanceOf, newNonce } from "./server/http/csp.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const env = getEnv(loadContext);
  const nonce = newNonce();
  const allowance = cspAllowanceOf(routerContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <CspAllowanceContext value={allowance}>
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>
    </CspAllowanceContext>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors of the shell itself are logged by React Router; later ones (streamed parts) only here.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Bots and SPA-mode renders wait for all content.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html");
  // Vite's development server injects inline scripts of its own (hot reload): no policy while it runs.
  if (!(import.meta.env.DEV && env.APP_ENV === "development")) {
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, allowance, env));
  }
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
