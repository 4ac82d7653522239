import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { SERVICE_WORKER_URL } from "./lib/pwa";
import { loadWords } from "./lib/i18n/react";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// Paint the server-rendered page first, then hydrate. When the scripts are already at hand (cache, fast network)
// they would otherwise run before the first frame and hold back the first paint by the whole hydration.
// A hidden tab gets no animation frames, so it hydrates at once.
function start() {
  if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
  else hydrate();
}

// The page's words are a file of their own (decision 111), preloaded by its head: hydrated without them, it would
// show keys. Should they not come, the page stays as the server drew it, in its language, working as without scripts.
const pageWords = document.querySelector("link[data-page-words]")?.getAttribute("href");
if (pageWords) loadWords(pageWords).then(start, (e: unknown) => console.warn("page words:", e));
else start();

// The service worker (app/service-worker/sw.ts, decision 098): registered once the page has loaded, so that its
// script and its first fetches never compete with the page's own.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((e: unknown) => console.warn("service worker:", e));
}
if (document.readyState === "complete") registerServiceWorker();
else window.addEventListener("load", registerServiceWorker, { once: true });
