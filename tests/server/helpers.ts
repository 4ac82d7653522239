// Drives the real worker (exports.default.fetch) the way a browser or API client would.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";

export const BASE = "https://coinwork.test";
export const PASSWORD = "Secret!1";

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@coinwork.test`;
}

export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return (exports as unknown as { default: { fetch: (r: Request) => Promise<Response> } }).default.fetch(
    new Request(new URL(path, BASE), { redirect: "manual", ...init }),
  );
}

export function jsonCall(path: string, method: string, body?: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  return call(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  cookie: string;
  role: "Worker" | "Buyer" | "Admin";
}

export async function registerUser(role: "Worker" | "Buyer", name = `${role} Tester`): Promise<TestUser> {
  const email = uniqueEmail(role.toLowerCase());
  const res = await jsonCall("/auth/register", "POST", { name, email, password: PASSWORD, role });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, email, token: body.token, cookie: `cw_session=${body.token}`, role };
}

/** An admin: registered, then promoted in D1 (admins cannot register). */
export async function makeAdmin(): Promise<TestUser> {
  const u = await registerUser("Worker", "Admin Tester");
  await env.DB.prepare("UPDATE users SET role = 'Admin' WHERE id = ?").bind(u.id).run();
  return { ...u, role: "Admin" };
}

/** Posts a form as the browser would (a page action), with an optional session cookie. */
export function postForm(path: string, fields: Record<string, string | Blob>, cookie?: string): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return call(path, { method: "POST", body: form, headers: cookie ? { Cookie: cookie } : {} });
}

/** A loader's data as the client router fetches it (single-fetch `.data` request). */
export function getPage(path: string, cookie?: string): Promise<Response> {
  return call(path, { headers: cookie ? { Cookie: cookie } : {} });
}

export async function balance(userId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT coin FROM users WHERE id = ?").bind(userId).first<{ coin: number }>();
  return row?.coin ?? -1;
}

export function cookieFrom(res: Response, name = "cw_session"): string | null {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    if (pair.startsWith(`${name}=`) && pair.length > name.length + 1) return pair;
  }
  return null;
}

export { env };
