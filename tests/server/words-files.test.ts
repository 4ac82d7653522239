// A page's words as a file of their own (docs/decisions/111-a-pages-words-in-a-file-of-their-own.md): the page names
// its file in its head and its root data, its HTML carries its words on screen only, and the file answers with the
// compiled words of the page, kept for a year under a name that changes with them.
import { describe, expect, it } from "vitest";
import { call, getPage, htmlOf, postForm, registerUser, type TestUser } from "./fixtures";
import { pageWords, selectionId } from "~/lib/i18n/pages";
import { wordsFile } from "~/lib/i18n/words.server";
import type { CompiledWords } from "~/lib/i18n/messages";

const PRELOAD = /<link rel="preload" as="fetch" crossorigin="anonymous" href="(\/words\/[^"]+)" data-page-words=""/;

async function pageAndFile(path: string, cookie?: string): Promise<{ html: string; href: string }> {
  const res = await getPage(path, cookie);
  expect(res.status, path).toBe(200);
  const html = await htmlOf(res);
  const href = PRELOAD.exec(html)?.[1];
  expect(href, `${path} names its words file`).toBeDefined();
  return { html, href: href! };
}

async function readsBengali(user: TestUser): Promise<void> {
  expect((await postForm("/language", { language: "bn", back: "/" }, user.cookie)).status).toBe(302);
}

describe("a page's words file", () => {
  it("is named by the page, served with the page's words, and kept for a year", async () => {
    const worker = await registerUser("Worker");
    await readsBengali(worker);
    const { html, href } = await pageAndFile("/dashboard/tasklist", worker.cookie);
    expect(href).toMatch(/^\/words\/bn\.\d+\.[0-9a-f]{8}\.json$/);
    // the root data names the same file (a navigation's words are fetched by it)
    expect(html).toContain(`\\"${href}\\"`);

    const res = await call(href, { headers: { Cookie: worker.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const words = (await res.json()) as CompiledWords;
    expect(words).toEqual(wordsFile("bn", selectionId(pageWords("/dashboard/tasklist", "Worker")))!.words);
    expect(Object.keys(words.worker ?? {})).toContain("taskList.title");

    // the HTML holds the words it shows, not the words data: none of the file's keys is in it
    const keys = Object.values(words).flatMap((messages) => Object.keys(messages ?? {}));
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((key) => html.includes(`"${key}\\"`) || html.includes(`"${key}"`))).toEqual([]);
  });

  it("is another file in another language and for another role", async () => {
    const worker = await registerUser("Worker");
    const buyer = await registerUser("Buyer");
    const english = (await pageAndFile("/dashboard/notifications", worker.cookie)).href;
    expect(english).toMatch(/^\/words\/en\./);
    expect((await pageAndFile("/dashboard/notifications", buyer.cookie)).href).not.toBe(english);
    await readsBengali(worker);
    const bengali = (await pageAndFile("/dashboard/notifications", worker.cookie)).href;
    expect(bengali).toMatch(/^\/words\/bn\./);
    // the same selection of words (its number), in the other language (its content, so its hash)
    expect(bengali.split(".")[1]).toBe(english.split(".")[1]);
    expect(bengali.split(".")[2]).not.toBe(english.split(".")[2]);
    // a visitor's page names one too
    expect((await pageAndFile("/about")).href).toMatch(/^\/words\/en\.\d+\.[0-9a-f]{8}\.json$/);
  });

  it("a name of an earlier deploy gets the current words, not kept; a name of no file is not found", async () => {
    const { href } = await pageAndFile("/login");
    const earlier = href.replace(/\.[0-9a-f]{8}\.json$/, ".00000000.json");
    expect(earlier).not.toBe(href);
    const res = await call(earlier);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.text()).toBe(await (await call(href)).text());
    for (const name of ["fr.0.00000000.json", "en.99999.00000000.json", "en.9999.00000000.json", "en.0.xyz.json"])
      expect((await call(`/words/${name}`)).status, name).toBe(404);
  });
});

describe("Settings' country field", () => {
  it("carries the chosen country only, and every country when asked (a page without JavaScript)", async () => {
    const worker = await registerUser("Worker");
    expect(
      (await postForm("/dashboard/settings?form=profile", { name: "Claire", country: "BE" }, worker.cookie)).status,
    ).toBe(302);
    const options = (html: string) =>
      html.match(/<select[^>]*name="country"[\s\S]*?<\/select>/)![0].match(/<option/g)!.length;
    const lean = await htmlOf(await getPage("/dashboard/settings", worker.cookie));
    expect(lean).toMatch(/<option value="BE" selected[^>]*>Belgium<\/option>/);
    expect(options(lean)).toBe(2);
    const link = /<a[^>]*href="\/dashboard\/settings(\?countries#[^"]+)"[^>]*>Show every country<\/a>/.exec(lean);
    expect(link).not.toBeNull();
    const every = await htmlOf(await getPage(`/dashboard/settings${link![1].replace(/#.*/, "")}`, worker.cookie));
    expect(options(every)).toBeGreaterThan(240);
    expect(every).toMatch(/<option value="BE" selected[^>]*>Belgium<\/option>/);
    expect(every).not.toContain("Show every country");
    // the sign-up form keeps them all: nothing is chosen yet
    expect(options(await htmlOf(await getPage("/register")))).toBeGreaterThan(240);
  });
});
