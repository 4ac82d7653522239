/** A one-shot message carried across a redirect (shown as a toast, or inline without JavaScript). */
export interface Flash {
  type: "success" | "error" | "info";
  title: string;
  message?: string;
}

/** A flash as the page receives it: with the id that makes it show once however many answers carry it. */
export interface ShownFlash extends Flash {
  id: string;
}

/** The cookie that carries a flash to the next page (app/server/http/flash.server.ts). */
export const FLASH_COOKIE = "cw_flash";

/**
 * The flashes this page has taken (their ids), so that one carried by several answers shows once: the requests of a
 * navigation land in any order, and every one that runs the root loader carries the flash until the page has taken
 * it (app/server/http/flash.server.ts). Taking one also drops its cookie, so later requests do not carry it.
 */
const taken = new Set<string>();
/** The flash taken last: what the toast area shows, until the next one (a later answer without it changes nothing). */
let latest: ShownFlash | null = null;
const listeners = new Set<() => void>();

/** Takes `flash` if it is new to this page: marks it, drops its cookie, and makes it the one to show. */
export function takeFlash(flash: ShownFlash): void {
  if (taken.has(flash.id)) return;
  taken.add(flash.id);
  document.cookie = `${FLASH_COOKIE}=; Path=/; Secure; SameSite=Lax; Max-Age=0`;
  latest = flash;
  for (const listener of listeners) listener();
}

/** The flash to show, for useSyncExternalStore (none on the server: toasts wait for the browser). */
export const takenFlash = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  current: (): ShownFlash | null => latest,
  onServer: (): ShownFlash | null => null,
};
