// docs/mturk.md as a page of the site ("How to use the API"): HTML rendered on the server, the deployment's origin in
// its examples, the fee said once and as the Purchase Coin page prices coins.
import { describe, expect, it } from "vitest";
import { BASE, getPage, registerUser } from "./fixtures";
import { COIN_PACKAGES } from "~/lib/coins";
import { formatCount } from "~/lib/format";

describe("the MTurk guide", () => {
  it("is an HTML page of the site whose examples name this Coinwork's origin", async () => {
    const res = await getPage("/docs/mturk");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain("<title>The MTurk Requester API · Coinwork</title>");
    // rendered, not raw Markdown: headings with ids, code in <pre>, no fences
    expect(html).toMatch(/<h2 id="notifications">Notifications<\/h2>/);
    expect(html).toMatch(/<pre tabindex="0"><code class="language-python">/);
    expect(html).not.toContain("```");
    expect(html).toContain(`endpoint_url=f&quot;{ORIGIN}/mturk&quot;`);
    expect(html).toContain(`ORIGIN = &quot;${BASE}&quot;`);
    expect(html).not.toContain("your-coinwork.example");
    expect(html).not.toContain("localhost:5173/mturk");
    // a link to another document of the repository opens it there
    expect(html).toMatch(/href="https:\/\/github\.com\/[^"]+\/blob\/main\/docs\/decisions\/030-/);
  });

  it("states the fee once, at the Purchase Coin page's prices", async () => {
    const html = await (await getPage("/docs/mturk")).text();
    // the guide as the page shows it (the hydration data carries it a second time)
    const article = html.slice(html.indexOf('data-testid="mturk-guide"'), html.indexOf("</article>"));
    const text = article.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
    expect(text.match(/\bfee\b/g)).toHaveLength(1);
    const [first, ...larger] = COIN_PACKAGES;
    expect(text).toContain(`${first.coins} coins cost $${first.priceCents / 100}`);
    for (const p of larger) expect(text).toContain(`${formatCount(p.coins)} for $${p.priceCents / 100}`);
  });

  it("is where a buyer's 'How to use the API' link leads", async () => {
    const buyer = await registerUser("Buyer");
    const html = await (await getPage("/dashboard/apikeys", buyer.cookie)).text();
    expect(html).toMatch(/<a href="\/docs\/mturk"[^>]*>How to use the API<\/a>/);
  });
});
