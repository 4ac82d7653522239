/** Each request's cookies, parsed once: a request reads several (session, flash, bookmark, zone, ...). */
const jars = new WeakMap<Request, Map<string, string>>();

/** The value of cookie `name` in the request's Cookie header, as sent (undefined when absent; the first one wins). */
export function readCookie(request: Request, name: string): string | undefined {
  let jar = jars.get(request);
  if (!jar) {
    jar = new Map();
    for (const part of (request.headers.get("Cookie") ?? "").split(/;\s*/)) {
      const i = part.indexOf("=");
      if (i > 0 && !jar.has(part.slice(0, i))) jar.set(part.slice(0, i), part.slice(i + 1));
    }
    jars.set(request, jar);
  }
  return jar.get(name);
}
