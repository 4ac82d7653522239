import { lazy, startTransition, Suspense, use, useEffect, useState, useSyncExternalStore } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  type ShouldRevalidateFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import bengaliFont from "@fontsource-variable/noto-sans-bengali/files/noto-sans-bengali-bengali-wght-normal.woff2?url";
import languageNameFont from "./fonts/bengali-language-name.woff2?url&no-inline";
import { cloudflareContext, documentRequestContext, externalProfileContext, userContext } from "./server/context";
import { identify } from "./server/auth/session.server";
import { readFlash } from "./server/http/flash.server";
import { requestTimeZone } from "./server/http/time-zone.server";
import { isCacheablePageRequest } from "./server/http/page-cache.server";
import { FALLBACK_TIME_ZONE } from "./lib/time-zone";
import { takeFlash, takenFlash } from "./lib/flash";
import { clearSessionCookie } from "./server/auth/session.server";
import { FlashBanner } from "./components/flash-banner";
import { CspAllowanceContext, useNonce } from "./lib/csp";
import { StatusScreen } from "./components/status-screen";
import { TimeZoneProvider } from "./components/local-time";
import { requestLanguage } from "./server/http/language.server";
import { wordsFile } from "./lib/i18n/words.server";
import { pageWords, selectionId } from "./lib/i18n/pages";
import { keepWords, loadWords, useWords, wordsAt, WordsProvider } from "./lib/i18n/react";

export const links: Route.LinksFunction = () => [
  // the stylesheet URL is empty where no CSS is bundled (the workerd tests)
  ...(stylesheet ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // installable as an app (public/manifest.webmanifest, decision 098)
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/** Every request (pages and REST) learns who is calling from D1, never from the token alone. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const { env } = context.get(cloudflareContext);
    const identity = await identify(request, env);
    context.set(userContext, identity.user);
    if (!identity.user && identity.external) context.set(externalProfileContext, identity.external);
    const response = await next();
    // A cookie that no longer names a live session (removed user, logged out elsewhere) is dropped.
    if (!identity.user && identity.presented && !request.headers.has("Authorization")) {
      response.headers.append("Set-Cookie", clearSessionCookie());
    }
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { env } = context.get(cloudflareContext);
  const { flash, clear } = readFlash(request, context.get(documentRequestContext));
  const language = requestLanguage(request, user);
  const pathname = new URL(request.url).pathname;
  // the words this page shows to who reads it (lib/i18n/pages.ts), compiled (the browser never parses ICU), as a file
  // of their own that the page names (decision 111): the render reads them here, the browser fetches them
  const file = wordsFile(language, selectionId(pageWords(pathname, user?.role ?? null)))!;
  keepWords(file.href, file.words);
  return data(
    {
      user,
      flash,
      language,
      words: file.href,
      // The Bengali letters' face (app.css), fetched with the page rather than once text is laid out: laid out before
      // it came, Bengali text showed empty boxes. An English page needs only the letters of the switch's "বাংলা",
      // a face of their own (2 KB against 108). Named here, its URL stays out of every page's script.
      font: language === "bn" ? bengaliFont : languageNameFont,
      // A page the edge cache may keep for every visitor is rendered in no visitor's zone: the browser shows its own
      // after hydration (components/local-time.tsx).
      timeZone: isCacheablePageRequest(request) ? FALLBACK_TIME_ZONE : requestTimeZone(request),
      developerRepoUrl: env.DEVELOPER_REPO_URL || "https://github.com/coinwork/coinwork",
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/**
 * The root's data is loaded again when a navigation leads to another page, whose words it sends (lib/i18n/pages.ts),
 * as well as whenever React Router would anyway (after an action, a new search).
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // the table of which page needs which words stays on the server (it would add 4 KB to every page's script): a new
  // page asks the root again, and the root loader picks its words
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

/** A navigation's page is shown once its words are at hand (hydration waits for the first page's: entry.client.tsx). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const root = await serverLoader();
  await loadWords(root.words);
  return root;
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The parties this document's policy allows and the origins it may frame, for routes that need them
  // (app/lib/csp.ts). Only the server knows:
  // in the browser the attribute it rendered stays as it is.
  const csp = use(CspAllowanceContext);
  const nonce = useNonce();
  // the root's data, when its loader ran (not on the error screen of a failed root loader)
  const root = useRootData();
  const language = root?.language ?? "en";
  return (
    <html
      lang={language}
      data-csp={csp.sources.join(" ") || undefined}
      data-csp-frames={csp.frames.join(" ") || undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links nonce={nonce} />
        {root ? (
          // the page's words, fetched with its scripts: hydration waits for them (entry.client.tsx, decision 111)
          <link rel="preload" as="fetch" crossOrigin="anonymous" href={root.words} data-page-words="" />
        ) : null}
        {root ? <link rel="preload" as="font" type="font/woff2" crossOrigin="" href={root.font} /> : null}
      </head>
      <body className="min-h-dvh">
        <WordsProvider language={language} words={wordsAt(root?.words)}>
          {children}
        </WordsProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  const t = useWords("common");
  const busy = navigation.state !== "idle";
  return (
    <div
      aria-hidden={!busy}
      className={`fixed inset-x-0 top-0 z-[100] h-1 origin-left bg-brand-500 transition-transform duration-500 ${busy ? "scale-x-75" : "scale-x-0"}`}
    >
      {busy ? (
        <span className="sr-only" role="status">
          {t("loading")}
        </span>
      ) : null}
    </div>
  );
}

// the server never renders the toasts (they wait for hydration): its build leaves sonner out
const AppToaster = import.meta.env.SSR ? () => null : lazy(() => import("./components/toaster"));

export default function App({ loaderData }: Route.ComponentProps) {
  const { flash, timeZone } = loaderData;
  // the flash to show: each one once, whichever answers carry it and in whatever order (lib/flash.ts); it stays
  // until the next one, so a later answer without it cannot take it away before the toasts have loaded
  useEffect(() => {
    if (flash) takeFlash(flash);
  }, [flash]);
  const toast = useSyncExternalStore(takenFlash.subscribe, takenFlash.current, takenFlash.onServer);
  // sonner loads when the main thread is idle after hydration (right after it when a flash waits to be shown): as
  // part of hydration's work it lengthened the page's longest task. Toasts raised before it mounts are replayed.
  // In a transition, React renders it in slices: an update from an idle callback is otherwise rendered in one task.
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    const load = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback !== "function") {
      const id = window.setTimeout(load, 200);
      return () => window.clearTimeout(id);
    }
    const id = window.requestIdleCallback(load, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }, []);
  return (
    <TimeZoneProvider serverZone={timeZone}>
      <NavigationProgress />
      <FlashBanner flash={flash} />
      <Outlet />
      {idle || toast ? (
        <Suspense fallback={null}>
          <AppToaster flash={toast} />
        </Suspense>
      ) : null}
    </TimeZoneProvider>
  );
}

/**
 * The error screen's words when the root's data is missing (its loader failed: no page words were sent), in the
 * product's own English.
 */
const WITHOUT_WORDS = { notFound: "Page not found", generic: "Something went wrong", backHome: "Back To Home" };

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useWords("common");
  const words = useRootData()
    ? { notFound: t("error.notFound"), generic: t("error.generic"), backHome: t("status.backHome") }
    : WITHOUT_WORDS;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <StatusScreen code="404" title={words.notFound} backHome={words.backHome} />;
  }
  if (isRouteErrorResponse(error)) {
    return (
      <StatusScreen
        code={String(error.status)}
        title={typeof error.data === "string" ? error.data : error.statusText || words.generic}
        backHome={words.backHome}
      />
    );
  }
  // Never show a stack trace to a visitor; it is logged on the server.
  return <StatusScreen code="500" title={words.generic} backHome={words.backHome} />;
}
