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

/** Whether `flash` is new to this page (then it is marked taken and its cookie dropped); false when already taken. */
export function takeFlash(flash: ShownFlash): boolean {
  if (taken.has(flash.id)) return false;
  taken.add(flash.id);
  document.cookie = `${FLASH_COOKIE}=; Path=/; Secure; SameSite=Lax; Max-Age=0`;
  return true;
}
