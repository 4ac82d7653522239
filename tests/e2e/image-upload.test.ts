// A phone's photo is larger than the upload bounds (4 megapixels, 5 MB): with JavaScript the image picker makes it
// smaller before it is sent, and says so; without JavaScript the server refuses it with its reason.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  browser,
  db,
  gotoHydrated,
  newContext,
  newNoJsContext,
  registerThroughForm,
  screenshot,
  setUpBrowser,
  sqlText,
  TEST_PASSWORD,
  unique,
} from "./browser";
import { IMAGE_TOO_MANY_PIXELS, MAX_IMAGE_PIXELS } from "~/lib/images";

setUpBrowser();

/** A 4,032 x 3,024 JPEG (a 12-megapixel phone photo), drawn by the page's own canvas. */
async function phonePhoto(page: Page) {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [4032, 3024];
    const c = canvas.getContext("2d")!;
    const sky = c.createLinearGradient(0, 0, 4032, 3024);
    sky.addColorStop(0, "#1e6091");
    sky.addColorStop(1, "#f4a261");
    c.fillStyle = sky;
    c.fillRect(0, 0, 4032, 3024);
    for (let i = 0; i < 40; i++) {
      c.fillStyle = `hsl(${i * 9} 70% 50%)`;
      c.fillRect((i * 97) % 3900, (i * 61) % 2900, 120, 120);
    }
    const blob = await new Promise<Blob>((done) => canvas.toBlob((b) => done(b!), "image/jpeg", 0.92));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return { name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: Buffer.from(base64, "base64") };
}

describe("a photo larger than the upload bounds", () => {
  it("is made smaller in the browser and sent (390 px, JavaScript)", async () => {
    const context = await newContext(browser, { viewport: "phone" });
    const page = await context.newPage();
    await page.goto("/register");
    const photo = await phonePhoto(page);
    // a worker with an account changes their photo in Settings
    const email = unique("photo");
    await registerThroughForm(page, { name: "Photo Person", email, password: TEST_PASSWORD, role: "Worker" });
    await page.close();

    const settings = await context.newPage();
    // the picker shrinks the photo once the page is interactive
    await gotoHydrated(settings, "/dashboard/settings");
    // the picker speaks the page's words, not the browser's: its native input is out of sight
    const input = settings.locator('input[type="file"][name="image"]');
    expect(await settings.getByText("Choose an image", { exact: true }).isVisible()).toBe(true);
    expect(await settings.getByText("No file chosen", { exact: true }).isVisible()).toBe(true);
    expect((await input.boundingBox())?.width).toBeLessThanOrEqual(1);
    await input.setInputFiles(photo);
    await expect
      .poll(() => settings.getByText(/^This image is 4,032 × 3,024 pixels: it will be sent at 2,309 × 1,732/).count())
      .toBe(1);
    // the name shown is the file's the input now holds: the smaller one
    const held = await input.evaluate((i: HTMLInputElement) => i.files?.[0]?.name ?? "");
    expect(held).not.toBe("");
    expect(await settings.getByText(held, { exact: true }).isVisible()).toBe(true);
    await screenshot(settings, "image-shrunk-note-390");
    await settings.getByRole("button", { name: "Save profile" }).click();
    await expect
      .poll(() => db<{ photo: string }>(`SELECT photo FROM users WHERE email = ${sqlText(email)}`)[0]?.photo ?? "")
      .toMatch(/^\/images\//);
    const [{ photo: url }] = db<{ photo: string }>(`SELECT photo FROM users WHERE email = ${sqlText(email)}`);
    const size = await settings.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    }, url);
    expect(size).toEqual({ width: 2309, height: 1732 });
    expect(size.width * size.height).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
    await context.close();
  });

  it("is refused by the server, with its reason, without JavaScript", async () => {
    const js = await newContext(browser);
    const maker = await js.newPage();
    await maker.goto("/register");
    const photo = await phonePhoto(maker);
    await js.close();

    const context = await newNoJsContext(browser);
    const page = await context.newPage();
    await page.goto("/register");
    await page.getByLabel("Name").fill("Photo Person");
    await page.getByLabel("Email").fill(unique("photo-nojs"));
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByLabel("Role").selectOption("Worker");
    // without scripting only the browser can show the chosen file: its own control shows, not the page's button
    const input = page.locator('input[type="file"][name="image"]');
    expect((await input.boundingBox())?.width).toBeGreaterThan(100);
    expect(await page.getByText("Choose an image", { exact: true }).isVisible()).toBe(false);
    await input.setInputFiles(photo);
    await page.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => page.getByText(IMAGE_TOO_MANY_PIXELS).count()).toBeGreaterThan(0);
    await screenshot(page, "image-refused-nojs-1440");
    await context.close();
  });
});
