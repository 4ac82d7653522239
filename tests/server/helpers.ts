// Drives the real worker (exports.default.fetch) the way a browser or API client would.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { register } from "~/server/services/accounts.server";

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

/** A new account made through the accounts service (HTTP registration is rate limited per address). */
export async function registerUser(role: "Worker" | "Buyer", name = `${role} Tester`): Promise<TestUser> {
  const email = uniqueEmail(role.toLowerCase());
  const { token, user } = await register(env, { name, email, password: PASSWORD, role, photo: "" });
  return { id: user.id, email, token, cookie: `cw_session=${token}`, role };
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

import type { SessionUser } from "~/server/auth/session.server";

/** The signed-in user as services see it, read from D1. */
export async function sessionUser(id: string): Promise<SessionUser> {
  const row = await env.DB.prepare("SELECT id, name, email, role, coin, photo FROM users WHERE id = ?")
    .bind(id)
    .first<SessionUser>();
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** A day relative to today, as the task form sends it. */
export function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

export function taskInput(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    task_title: "Watch and like a video",
    task_detail: "Watch the whole video and like it.",
    required_workers: 3,
    payable_amount: 5,
    completion_date: isoDay(7),
    submission_info: "A screenshot of the like",
    category: "Video Engagement" as const,
    task_image_url: "",
    ...overrides,
  };
}
