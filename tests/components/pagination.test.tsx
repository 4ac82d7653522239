// The pager of every paged list: 'Page X of Y' always shown, even for one page, and ends that lead nowhere are
// not links.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import type { Language } from "~/lib/i18n/languages";
import { Words } from "./words";

afterEach(cleanup);

function pager(page: number, pages: number, url = "/dashboard/mysubmissions?size=5", language: Language = "en") {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Words language={language}>
        <Pagination page={page} pages={pages} />
      </Words>
    </MemoryRouter>,
  );
  return screen.getByRole("navigation", { name: language === "en" ? "Pagination" : "পাতা বদল" });
}

describe("Pagination", () => {
  it("shows 'Page 1 of 1' for a single page, with neither end a link", () => {
    const nav = pager(1, 1);
    expect(nav.textContent).toContain("Page 1 of 1");
    expect(within(nav).queryAllByRole("link")).toHaveLength(0);
  });

  it("is written in Bengali on a Bengali page, its numbers in Bengali digits", () => {
    const nav = pager(2, 12, "/dashboard/mysubmissions", "bn");
    expect(nav.textContent).toContain("পাতা ২ / ১২");
    expect(within(nav).getByRole("link", { name: /আগের/ })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: /পরের/ })).toBeTruthy();
  });

  it("reads an empty count as one page", () => {
    expect(pager(1, 0).textContent).toContain("Page 1 of 1");
  });

  it("links to the pages on either side, keeping the other query parameters", () => {
    const nav = pager(2, 3);
    expect(nav.textContent).toContain("Page 2 of 3");
    expect(within(nav).getByRole("link", { name: "Prev" }).getAttribute("href")).toBe(
      "/dashboard/mysubmissions?size=5&page=1",
    );
    expect(within(nav).getByRole("link", { name: "Next" }).getAttribute("href")).toBe(
      "/dashboard/mysubmissions?size=5&page=3",
    );
  });

  it("has no Next link on the last page", () => {
    const nav = pager(3, 3);
    expect(within(nav).queryByRole("link", { name: "Next" })).toBeNull();
    expect(within(nav).getByRole("link", { name: "Prev" })).toBeTruthy();
  });
});
