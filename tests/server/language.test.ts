// The language a page is written in (docs/decisions/097-words-in-two-languages.md): the browser's Accept-Language
// for a visitor, the switch's cookie over it, the account's language for a signed-in person (set at sign-up, changed
// by the switch), and one stored copy per language in the edge cache.
import { describe, expect, it } from "vitest";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import {
  BASE,
  call,
  cookieFrom,
  env,
  getPage,
  htmlOf,
  postForm,
  registerUser,
  sessionUser,
  uniqueToken,
} from "./fixtures";
import { CACHE_STATUS_HEADER, servePage } from "~/server/http/page-cache.server";
import { LANGUAGE_COOKIE } from "~/lib/i18n/languages";

const langOf = async (res: Response) => /<html[^>]*\blang="([^"]+)"/.exec(await htmlOf(res))?.[1];
const visit = (path: string, headers: Record<string, string>) => call(path, { headers });

describe("the language of a page", () => {
  it("is a visitor's browser's: Bengali for bn, English otherwise", async () => {
    expect(await langOf(await visit("/about", { "Accept-Language": "bn-BD,bn;q=0.9,en;q=0.5" }))).toBe("bn");
    expect(await langOf(await visit("/about", { "Accept-Language": "en-GB,en;q=0.9" }))).toBe("en");
    expect(await langOf(await visit("/about", { "Accept-Language": "fr-FR" }))).toBe("en");
    expect(await langOf(await visit("/about", {}))).toBe("en");
  });

  it("is the visitor's choice once made: the switch keeps it in a cookie and goes back to the page", async () => {
    const res = await postForm("/language", { language: "bn", back: "/faq?x=1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/faq?x=1");
    const cookie = cookieFrom(res, LANGUAGE_COOKIE);
    expect(cookie).toBe(`${LANGUAGE_COOKIE}=bn`);
    expect(res.headers.get("Set-Cookie")).toMatch(/Max-Age=31536000/);
    // the choice wins over the browser's language
    expect(await langOf(await visit("/about", { Cookie: cookie!, "Accept-Language": "en" }))).toBe("bn");
    // the page offers the way back, in the other language's own name
    expect(await htmlOf(await visit("/about", { Cookie: cookie! }))).toMatch(/<span [^>]*lang="en">English<\/span>/);
  });

  it("refuses a language it does not offer, and a way back to another site, changing nothing", async () => {
    const odd = await postForm("/language", { language: "fr", back: "/about" });
    expect(odd.status).toBe(302);
    expect(cookieFrom(odd, LANGUAGE_COOKIE)).toBeNull();
    const away = await postForm("/language", { language: "bn", back: "https://elsewhere.example/" });
    expect(away.headers.get("Location")).toBe("/");
  });

  it("is a signed-in person's account language, set at sign-up from the page they signed up on", async () => {
    const worker = await registerUser("Worker");
    expect((await sessionUser(worker.id)).language).toBe("en");
    // a browser in Bengali does not change an account's language: only the switch does
    expect(await langOf(await visit("/dashboard/workerhome", { Cookie: worker.cookie, "Accept-Language": "bn" }))).toBe(
      "en",
    );
    const switched = await postForm("/language", { language: "bn", back: "/dashboard/settings" }, worker.cookie);
    expect(switched.headers.get("Location")).toBe("/dashboard/settings");
    expect((await sessionUser(worker.id)).language).toBe("bn");
    const settings = await getPage("/dashboard/settings", worker.cookie);
    expect(await langOf(settings)).toBe("bn");
  });

  it("of a page signed up for in Bengali is the new account's", async () => {
    const form = new FormData();
    const email = `bn-${uniqueToken()}@example.com`;
    for (const [k, v] of Object.entries({
      name: "Bangla Tester",
      email,
      password: "correct horse battery staple",
      role: "Worker",
    }))
      form.append(k, v);
    const res = await call("/register", {
      method: "POST",
      body: form,
      headers: { "Accept-Language": "bn-BD", "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}` },
    });
    expect(res.status).toBe(302);
    const row = await env.DB.prepare("SELECT language FROM users WHERE email = ?")
      .bind(email)
      .first<{ language: string }>();
    expect(row?.language).toBe("bn");
  });

  it("in Bengali has its letters' font preloaded with the page; an English page only the face of 'বাংলা'", async () => {
    const fontPreloads = async (acceptLanguage: string) =>
      (
        (await htmlOf(await visit("/about", { "Accept-Language": acceptLanguage }))).match(
          /<link\b[^>]*rel="preload"[^>]*>/g,
        ) ?? []
      ).filter((link) => /\bas="font"/.test(link));
    const [font, ...others] = await fontPreloads("bn");
    expect(others).toEqual([]);
    expect(font).toMatch(/\btype="font\/woff2"/);
    expect(font).toMatch(/\bcrossorigin=""/);
    // the file of the Bengali letters of the face app.css declares, as the build names it
    expect(font).toMatch(/\bhref="[^"]*noto-sans-bengali-bengali-wght-normal[^"]*\.woff2"/);
    // an English page shows one Bengali word (the language switch's): the few letters' own face, never the whole one
    const [english, ...more] = await fontPreloads("en");
    expect(more).toEqual([]);
    expect(english).toMatch(/\bhref="[^"]*bengali-language-name[^"]*"/);
    expect(english).not.toMatch(/noto-sans-bengali/);
  });

  it("is part of the edge cache's key: a visitor is never served the other language's copy", async () => {
    const path = `/?probe=${uniqueToken()}`;
    const render = (request: Request) =>
      call(new URL(request.url).pathname + new URL(request.url).search, {
        headers: Object.fromEntries(request.headers),
      });
    const serve = async (acceptLanguage: string) => {
      const ctx = createExecutionContext();
      const res = await servePage(
        new Request(new URL(path, BASE), { headers: { "Accept-Language": acceptLanguage } }),
        ctx,
        render,
      );
      const lang = await langOf(res);
      await waitOnExecutionContext(ctx);
      return { lang, status: res.headers.get(CACHE_STATUS_HEADER) };
    };
    expect(await serve("bn")).toEqual({ lang: "bn", status: "miss" });
    expect(await serve("en")).toEqual({ lang: "en", status: "miss" });
    expect(await serve("bn")).toEqual({ lang: "bn", status: "hit" });
    expect(await serve("en-US")).toEqual({ lang: "en", status: "hit" });
  });
});
