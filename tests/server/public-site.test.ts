// The public site, driven through the worker's fetch on real local D1: the landing page's live sections and
// its edge cache, the contact form (stored, validated, rate limited), the static pages, robots.txt and sitemap.
import { describe, expect, it } from "vitest";
import {
  call,
  env,
  expectRedirect,
  expectText,
  funded,
  isoDay,
  makeAdmin,
  pageHtml,
  PASSWORD,
  postForm,
  registerUser,
  row,
  taskOf,
  uniqueEmail,
  uniqueToken,
} from "./fixtures";
import { CATEGORIES } from "~/lib/categories";
import { formatDate } from "~/lib/format";
import { clearLandingCache, LANDING_CACHE_KEY } from "~/server/services/landing.server";
import { CONTACT_LIMIT } from "~/server/services/contact.server";

const ledgerRow = (userId: string, delta: number, kind: string, taskId: string | null = null) =>
  env.DB.prepare(
    "INSERT INTO coin_ledger (id, user_id, delta, kind, task_id, note, created_at) VALUES (?, ?, ?, ?, ?, 'public-site test fixture', ?)",
  ).bind(crypto.randomUUID(), userId, delta, kind, taskId, Date.now());

/** A user written straight to D1, with the ledger row that explains the balance (conservation keeps holding). */
async function insertUser(u: {
  name: string;
  role: "Worker" | "Buyer";
  coin: number;
  photo?: string | null;
  createdAt?: number;
  disabled?: boolean;
}) {
  const id = crypto.randomUUID();
  const statements = [
    env.DB.prepare(
      "INSERT INTO users (id, name, email, role, coin, photo, disabled_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(
      id,
      u.name,
      uniqueEmail("public"),
      u.role,
      u.coin,
      u.photo ?? null,
      u.disabled ? Date.now() : null,
      u.createdAt ?? Date.now(),
    ),
  ];
  if (u.coin > 0) statements.push(ledgerRow(id, u.coin, "admin_adjustment"));
  await env.DB.batch(statements);
  return id;
}

/** A task written straight to D1 with its escrow: the buyer is granted the cost and charged it (refunded if deleted). */
async function insertTask(
  buyerId: string,
  t: {
    title: string;
    category: string;
    requiredWorkers: number;
    pay: number;
    completionDate: string;
    image?: string | null;
    deleted?: boolean;
  },
) {
  const id = crypto.randomUUID();
  const cost = t.requiredWorkers * t.pay;
  const statements = [
    env.DB.prepare(
      `INSERT INTO tasks (id, buyer_id, task_title, task_detail, task_image_url, category, required_workers, payable_amount,
         completion_date, submission_info, created_at, deleted_at) VALUES (?, ?, ?, 'Details', ?, ?, ?, ?, ?, 'A screenshot', ?, ?)`,
    ).bind(
      id,
      buyerId,
      t.title,
      t.image ?? null,
      t.category,
      t.requiredWorkers,
      t.pay,
      t.completionDate,
      Date.now(),
      t.deleted ? Date.now() : null,
    ),
  ];
  if (cost > 0) {
    statements.push(ledgerRow(buyerId, cost, "admin_adjustment"), ledgerRow(buyerId, -cost, "task_charge", id));
    if (t.deleted) {
      statements.push(ledgerRow(buyerId, cost, "task_refund", id));
      statements.push(env.DB.prepare("UPDATE users SET coin = coin + ? WHERE id = ?").bind(cost, buyerId));
    }
  }
  await env.DB.batch(statements);
  return id;
}

async function maxOf(sql: string): Promise<number> {
  return (await env.DB.prepare(sql).first<{ m: number | null }>())?.m ?? 0;
}

function openPositions(html: string, category: string): number {
  const escaped = category.replace(/[.*+?^${}()|[\]\\&]/g, (c) => (c === "&" ? "&amp;" : `\\${c}`));
  const m = new RegExp(`data-category="${escaped}"[\\s\\S]*?data-open-positions="(\\d+)"`).exec(html);
  expect(m, `category ${category}`).not.toBeNull();
  return Number(m![1]);
}

const edgeCache = () => (caches as unknown as { default: Cache }).default;

/**
 * The landing page at a URL the page cache has never seen (tests/server/edge-cache.test.ts covers that cache), so
 * its loader runs and reads the landing payload: from its own cache or from D1.
 */
const landingPage = () => pageHtml(`/?visit=${uniqueToken()}`);

async function waitForCachedLanding() {
  for (let i = 0; i < 50; i++) {
    if (await edgeCache().match(LANDING_CACHE_KEY)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the landing payload was never cached");
}

describe("landing page", () => {
  it("shows every section with live data from D1", async () => {
    const t = uniqueToken();
    await clearLandingCache();
    const before = await landingPage();
    const translationBefore = openPositions(before.text, "Translation");

    const topPay = (await maxOf("SELECT MAX(payable_amount) AS m FROM tasks WHERE deleted_at IS NULL")) + 1;
    const topCoin = (await maxOf("SELECT MAX(coin) AS m FROM users WHERE role = 'Worker'")) + 1000;
    const buyer = await insertUser({ name: `Buyer ${t}`, role: "Buyer", coin: 0 });
    const star = await insertUser({
      name: `Star Worker ${t}`,
      role: "Worker",
      coin: topCoin,
      photo: "/avatars/seed-03.webp",
    });
    const hidden = await insertUser({
      name: `Removed Worker ${t}`,
      role: "Worker",
      coin: topCoin + 5,
      photo: "/avatars/seed-04.webp",
      disabled: true,
    });
    // the newest worker with a photo (created a minute "from now" so parallel tests cannot be newer)
    await insertUser({
      name: `Fresh Applicant ${t}`,
      role: "Worker",
      coin: 10,
      photo: "/avatars/seed-07.webp",
      createdAt: Date.now() + 60_000,
    });
    await insertUser({ name: `Faceless ${t}`, role: "Worker", coin: 10, photo: null, createdAt: Date.now() + 60_000 });

    const due = isoDay(5);
    const featured = await insertTask(buyer, {
      title: `Translate a flyer ${t}`,
      category: "Translation",
      requiredWorkers: 7,
      pay: topPay,
      completionDate: due,
    });
    // not open: past its date, deleted, or without a slot left; none of them counts or is featured
    for (const [name, requiredWorkers, extraPay, completionDate, deleted] of [
      ["Expired", 1000, 1, isoDay(-1), false],
      ["Deleted", 2000, 2, due, true],
      ["Full", 0, 3, due, false],
    ] as const)
      await insertTask(buyer, {
        title: `${name} ${t}`,
        category: "Translation",
        requiredWorkers,
        pay: topPay + extraPay,
        completionDate,
        deleted,
      });

    await clearLandingCache();
    const { status, text } = await landingPage();
    expect(status).toBe(200);

    // hero carousel: three slides, accessible, first artwork eager and high priority
    expectText(text, [
      "Find the best micro-jobs and earn real coins",
      "Endless opportunities in one platform",
      "Get tasks done by real people, fast",
      'aria-roledescription="carousel"',
      'aria-roledescription="slide"',
      'aria-label="Previous slide"',
      'aria-label="Next slide"',
    ]);
    expect(text.match(/aria-roledescription="slide"/g)!.length).toBeGreaterThanOrEqual(3 + 5);
    expect(text).toMatch(/<img[^>]*fetchPriority="high"[^>]*hero-jobs|<img[^>]*hero-jobs[^>]*fetchPriority="high"/i);
    expect(text).toMatch(/<link rel="preload" as="image"[^>]*hero-jobs/);

    // applicants: recent workers with photo and name; 'Post a job' to the add-task page
    const applicants = /data-section="applicants"[\s\S]*?<\/section>/.exec(text)?.[0] ?? "";
    expectText(applicants, [
      `Fresh Applicant ${t}`,
      'src="/avatars/seed-07.webp"',
      "Post a job",
      'href="/dashboard/addtask"',
    ]);
    expectText(applicants, [`Faceless ${t}`, `Removed Worker ${t}`], false);

    // categories: all nine with open positions; only open slots count
    expectText(text, ["Popular Job Categories", ...CATEGORIES.map((c) => c.replace("&", "&amp;"))]);
    for (const c of CATEGORIES) expect(openPositions(text, c)).toBeGreaterThanOrEqual(0);
    const translation = openPositions(text, "Translation");
    expect(translation).toBeGreaterThanOrEqual(translationBefore + 7);
    expect(translation).toBeLessThan(translationBefore + 7 + 1000);

    // featured: the best-paid open task first, with image, date, pay and a link that opens it
    expectText(text, [
      "Featured Jobs",
      `Translate a flyer ${t}`,
      `href="/browse/${featured}"`,
      formatDate(due),
      topPay.toLocaleString("en-US"),
    ]);
    expectText(text, ["/images/categories/translation.webp"]);
    expectText(text, [`Expired ${t}`, `Deleted ${t}`, `Full ${t}`], false);
    const firstTask = /data-task-id="([^"]+)"/.exec(text);
    expect(firstTask?.[1]).toBe(featured);

    // in-demand workers: photo, name, coins; removed accounts never shown
    expectText(text, [
      "Our Most In-Demand Workers",
      `Star Worker ${t}`,
      `${topCoin.toLocaleString("en-US")} coins`,
      'aria-label="Next workers"',
    ]);
    expectText(text, [`Removed Worker ${t}`], false);
    expect(star).not.toBe(hidden);

    // second hero and testimonials
    expectText(text, [
      "Get Started",
      'href="/browse"',
      "What Our Users Say",
      "Real stories of how micro-tasking changed lives",
    ]);
    for (const job of ["Freelance designer", "Student", "Marketing manager", "Platform admin", "Part-time worker"])
      expectText(text, [job]);
    expect(text).toMatch(/paid within days/i);
    expect(text).toMatch(/every submission is reviewed/i);
    expectText(text, [
      'aria-label="Previous testimonial"',
      'aria-label="Next testimonial"',
      "/images/testimonials/stories-720.webp",
    ]);

    // social-card meta
    expectText(text, [
      'property="og:title"',
      'name="twitter:card"',
      'rel="canonical" href="https://coinwork.test/"',
      'name="description"',
    ]);
  });

  it("caches the public payload for half a minute, the same copy for every visitor", async () => {
    const t = uniqueToken();
    await clearLandingCache();
    const first = await landingPage();
    expect(first.status).toBe(200);
    await waitForCachedLanding();

    const buyer = await insertUser({ name: `Cache Buyer ${t}`, role: "Buyer", coin: 0 });
    const topPay = (await maxOf("SELECT MAX(payable_amount) AS m FROM tasks WHERE deleted_at IS NULL")) + 1;
    await insertTask(buyer, {
      title: `Cached probe ${t}`,
      category: "Data Entry",
      requiredWorkers: 2,
      pay: topPay,
      completionDate: isoDay(3),
    });

    // within the half minute: the cached copy, for an anonymous visitor and for a signed-in one alike
    expectText((await landingPage()).text, [`Cached probe ${t}`], false);
    const worker = await registerUser("Worker", `Signed In ${t}`);
    const signedIn = await pageHtml("/", worker.cookie);
    expectText(signedIn.text, [`Cached probe ${t}`], false);
    expectText(signedIn.text, ["Log out"]);
    // the cached payload holds public lists only (no e-mail addresses, no session data)
    const cached = await (await edgeCache().match(LANDING_CACHE_KEY))!.text();
    expect(cached).not.toMatch(/@/);
    expect(cached).not.toContain(worker.id);

    await clearLandingCache();
    expectText((await landingPage()).text, [`Cached probe ${t}`]);
  });
});

describe("contact form", () => {
  const ip = () => `203.0.113.${Math.floor(Math.random() * 250)}-${uniqueToken()}`;
  const send = (fields: Record<string, string>, address = ip()) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return call("/contact", { method: "POST", body: form, headers: { "CF-Connecting-IP": address } });
  };

  it("stores a message and confirms it after the redirect (toast with JavaScript, banner without)", async () => {
    const email = uniqueEmail("contact");
    const res = await send({
      name: "  Grace Hopper ",
      email: email.toUpperCase(),
      subject: "Withdrawals",
      message: "When is my payout sent?",
    });
    expectRedirect(res, "/contact");
    const flash = res.headers.getSetCookie().find((c) => c.startsWith("cw_flash="))!;
    expect(decodeURIComponent(flash)).toContain("Message sent!");

    const row = await env.DB.prepare(
      "SELECT name, email, subject, message, read_at FROM contact_messages WHERE email = ?",
    )
      .bind(email)
      .first<{ name: string; email: string; subject: string; message: string; read_at: number | null }>();
    expect(row).toEqual({
      name: "Grace Hopper",
      email,
      subject: "Withdrawals",
      message: "When is my payout sent?",
      read_at: null,
    });

    // no JavaScript: the page after the redirect shows the confirmation inline
    const after = await pageHtml("/contact", flash.split(";")[0]);
    expectText(after.text, ["Message sent!", "We reply within one business day"]);
  });

  it("accepts a message with only the required fields", async () => {
    const email = uniqueEmail("contact-min");
    expect((await send({ name: "Ada", email })).status).toBe(302);
    const row = await env.DB.prepare("SELECT subject, message FROM contact_messages WHERE email = ?")
      .bind(email)
      .first();
    expect(row).toEqual({ subject: "", message: "" });
  });

  it.each([
    [{ email: "someone@example.com", subject: "Hi" }, "Name is required"],
    [{ name: "   ", email: "someone@example.com" }, "Name is required"],
    [{ name: "Someone", subject: "Hi" }, "Email is required"],
    [{ name: "Someone", email: "" }, "Email is required"],
    [{ name: "Someone", email: "not-an-email" }, "Enter a valid email address"],
  ])("refuses %o with '%s' and stores nothing", async (fields, message) => {
    const marker = `refused-${uniqueToken()}`;
    const res = await send({ ...fields, message: marker } as Record<string, string>);
    expect(res.status).toBe(422);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(message);
    // the visitor's input is kept for correction
    expect(html).toContain(marker);
    const n = await row<{ n: number }>("SELECT COUNT(*) AS n FROM contact_messages WHERE message = ?", marker);
    expect(n?.n).toBe(0);
  });

  it(`is rate limited: ${CONTACT_LIMIT} messages per address, then 429`, async () => {
    const address = ip();
    const email = uniqueEmail("contact-flood");
    for (let i = 0; i < CONTACT_LIMIT; i++)
      expect((await send({ name: "Flood", email, message: `#${i}` }, address)).status).toBe(302);
    const refused = await send({ name: "Flood", email, message: "one too many" }, address);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many attempts");
    const n = await row<{ n: number }>("SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?", email);
    expect(n?.n).toBe(CONTACT_LIMIT);
    // another address is not affected
    expect((await send({ name: "Other", email: uniqueEmail("contact-other") })).status).toBe(302);
  });
});

describe("static pages", () => {
  it("about tells four steps of history, 2022 to 2025", async () => {
    const { status, text } = await pageHtml("/about");
    expect(status).toBe(200);
    const years = [...text.matchAll(/>(20\d\d)<\/span>/g)].map((m) => m[1]);
    expect(years).toEqual(["2022", "2023", "2024", "2025"]);
    expectText(text, [
      "<title>About Coinwork",
      'property="og:description"',
      'rel="canonical" href="https://coinwork.test/about"',
    ]);
  });

  it("contact shows phone, e-mail and address cards, a map and the form", async () => {
    const { status, text } = await pageHtml("/contact");
    expect(status).toBe(200);
    expectText(text, [
      "Phone",
      "E-mail",
      "Address",
      'href="tel:+15550142020"',
      "mailto:support@coinwork.dev",
      "openstreetmap.org",
      "contact-map-960.webp",
    ]);
    expectText(text, ['name="name"', 'name="email"', 'name="subject"', 'name="message"', "Submit Now"]);
    // browser-level required fields (no JavaScript) for Name and Email only
    expect(text).toMatch(/<input[^>]*name="name"[^>]*required|<input[^>]*required[^>]*name="name"/);
    expect(text).toMatch(/<input[^>]*name="email"[^>]*required|<input[^>]*required[^>]*name="email"/);
    expect(text).not.toMatch(/<input[^>]*name="subject"[^>]*required/);
  });

  it("FAQ has seven collapsible entries (the product's original five and the two on Coinwork's promises)", async () => {
    const { status, text } = await pageHtml("/faq");
    expect(status).toBe(200);
    // the page's own disclosures (the navbar's phone menu is a <details> too)
    const main = text.slice(text.indexOf("<main"), text.indexOf("</main>"));
    expect(main.match(/<details/g)).toHaveLength(7);
    expect(main.match(/<summary/g)).toHaveLength(7);
  });

  it("terms have eight sections, including non-refundable purchases and payment after buyer approval", async () => {
    const { status, text } = await pageHtml("/terms");
    expect(status).toBe(200);
    const sections = [...text.matchAll(/<h2 id="[a-z-]+-title"/g)];
    expect(sections).toHaveLength(8);
    expect(text).toMatch(/non-refundable/);
    expect(text).toMatch(/Payment is released to a worker only after the buyer approves the submission/);
  });

  it.each(["/", "/about", "/contact", "/faq", "/terms"])(
    "%s has its own title, description and social-card meta",
    async (path) => {
      const { text } = await pageHtml(path);
      const title = /<title>([^<]+)<\/title>/.exec(text)?.[1];
      expect(title).toMatch(/Coinwork/);
      for (const tag of [
        'name="description"',
        'property="og:title"',
        'property="og:image" content="https://coinwork.test/images/og-cover.png"',
        'name="twitter:card" content="summary_large_image"',
      ]) {
        expect(text, `${path} ${tag}`).toContain(tag);
      }
    },
  );

  it("titles differ from page to page", async () => {
    const titles = await Promise.all(
      ["/", "/about", "/contact", "/faq", "/terms"].map(
        async (p) => /<title>([^<]+)<\/title>/.exec((await pageHtml(p)).text)?.[1],
      ),
    );
    expect(new Set(titles).size).toBe(5);
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt allows the public pages, keeps crawlers out of dashboards and names the sitemap", async () => {
    const res = await call("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/dashboard\/$/m);
    expect(body).toMatch(/^Sitemap: https:\/\/coinwork\.test\/sitemap\.xml$/m);
  });

  it("sitemap.xml lists every public page with absolute URLs", async () => {
    const res = await call("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const body = await res.text();
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of ["/", "/about", "/contact", "/faq", "/terms"]) expect(locs).toContain(`https://coinwork.test${p}`);
    expect(locs.some((l) => l.includes("/dashboard"))).toBe(false);
  });
});

describe("the landing page's task links (/browse)", () => {
  const door = async (path: string, cookie?: string) => {
    const res = await call(path, { headers: cookie ? { Cookie: cookie } : {} });
    expect(res.status, path).toBe(302);
    return res.headers.get("Location");
  };

  it("send each role somewhere of its own, never to /unauthorized", async () => {
    const [worker, buyer, admin] = await Promise.all([registerUser("Worker"), registerUser("Buyer"), makeAdmin()]);
    expect(await door("/browse")).toBe("/dashboard/tasklist");
    expect(await door("/browse", worker.cookie)).toBe("/dashboard/tasklist");
    expect(await door("/browse/task-1", worker.cookie)).toBe("/dashboard/tasklist/task-1");
    expect(await door("/browse/task-1", buyer.cookie)).toBe("/dashboard/buyerhome");
    expect(await door("/browse", admin.cookie)).toBe("/dashboard/managetasks");
    // a visitor follows on through login, which comes back to the tasks
    const login = await call("/dashboard/tasklist/task-1");
    expect(login.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Ftasklist%2Ftask-1");
  });

  it("keep a task id a single path segment", async () => {
    const worker = await registerUser("Worker");
    expect(await door("/browse/a%2F..%2F..%2Fdashboard%2Fadminhome", worker.cookie)).toBe(
      "/dashboard/tasklist/a%2F..%2F..%2Fdashboard%2Fadminhome",
    );
  });

  it("show a visitor an open task, read-only, with 'Sign up to do this' that comes back to it", async () => {
    const buyer = await funded("Buyer", 500, "Public Page Buyer");
    const tag = uniqueToken();
    const task = await taskOf(buyer, {
      task_title: `Translate our menu ${tag}`,
      task_detail: "Two pages of dishes.",
      submission_info: "The translated menu as a document link.",
      required_workers: 3,
      payable_amount: 12,
    });
    const page = await pageHtml(`/browse/${task.id}`);
    expect(page.status).toBe(200);
    expectText(page.text, [
      `Translate our menu ${tag}`,
      "Two pages of dishes.",
      "The translated menu as a document link.",
      "Public Page Buyer",
      "Sign up to do this",
    ]);
    const back = encodeURIComponent(`/dashboard/tasklist/${task.id}`);
    expect(page.text).toContain(`href="/register?redirectTo=${back}"`);
    expect(page.text).toContain(`href="/login?redirectTo=${back}"`);
    // read-only: no form posts from it (but the header's language switch)
    expect(page.text).not.toMatch(/<form(?![^>]*action="\/language")[^>]*method="post"/);
    // not open (unknown, full, or past its day): a 404 that says so
    const unknown = await pageHtml("/browse/no-such-task");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("This task is not open any more");
    const past = await taskOf(buyer, { completion_date: isoDay(1) });
    await env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?").bind(isoDay(-1), past.id).run();
    expect((await pageHtml(`/browse/${past.id}`)).status).toBe(404);
    // someone signed in is sent on by role, as before
    const [worker, other, admin] = await Promise.all([registerUser("Worker"), registerUser("Buyer"), makeAdmin()]);
    expect(await door(`/browse/${task.id}`, worker.cookie)).toBe(`/dashboard/tasklist/${task.id}`);
    expect(await door(`/browse/${task.id}`, other.cookie)).toBe("/dashboard/buyerhome");
    expect(await door(`/browse/${task.id}`, admin.cookie)).toBe("/dashboard/managetasks");
  });

  it("registering from a task's page comes back to the task; login and register link each other keeping it", async () => {
    const buyer = await funded("Buyer", 500);
    const task = await taskOf(buyer);
    const back = `/dashboard/tasklist/${task.id}`;
    const register = await pageHtml(`/register?redirectTo=${encodeURIComponent(back)}`);
    expect(register.text).toContain(`name="redirectTo" value="${back}"`);
    expect(register.text).toContain(`href="/login?redirectTo=${encodeURIComponent(back)}"`);
    expect(register.text).toContain('href="/terms"');
    expect(register.text).toContain("Photo (optional)");
    const login = await pageHtml(`/login?redirectTo=${encodeURIComponent(back)}`);
    expect(login.text).toContain(`href="/register?redirectTo=${encodeURIComponent(back)}"`);
    const email = uniqueEmail("door");
    const res = await postForm("/register", {
      name: "New Worker",
      email,
      password: PASSWORD,
      role: "Worker",
      redirectTo: back,
    });
    expectRedirect(res, back, { title: "Account Created!" });
    // a buyer registering from the same page goes to their home: a worker's page is not theirs to open
    const asBuyer = await postForm("/register", {
      name: "New Buyer",
      email: uniqueEmail("door"),
      password: PASSWORD,
      role: "Buyer",
      redirectTo: back,
    });
    expectRedirect(asBuyer, "/dashboard/buyerhome", { title: "Account Created!" });
  });
});
