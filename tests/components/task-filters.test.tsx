// The Task List's filters keep their controls in step with the URL (back/forward, shared links), but never undo a
// choice the worker has just made: an earlier navigation that lands late must not reset a select before the next
// filter submits every select's value.
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useSyncExternalStore } from "react";
import { createRoutesStub } from "react-router";
import { TaskFilters, type TaskQuery } from "~/components/worker/task-filters";
import { WordsProvider } from "~/lib/i18n/react";
import { compiledNamespaces } from "~/lib/i18n/words.server";

afterEach(cleanup);

const EMPTY: TaskQuery = { q: "", category: "", sort: "newest", min_hourly: "", min_approval: "", hide: true };

/** The query the page renders with, as the page's loader data would change it. */
function pageQuery(initial: TaskQuery) {
  let query = initial;
  const listeners = new Set<() => void>();
  return {
    set(next: TaskQuery) {
      query = next;
      act(() => listeners.forEach((l) => l()));
    },
    Page() {
      const current = useSyncExternalStore(
        (l) => (listeners.add(l), () => listeners.delete(l)),
        () => query,
      );
      // the words the root route hands a worker's page (app/lib/i18n/pages.ts)
      return (
        <WordsProvider language="en" words={compiledNamespaces("en", ["common", "worker"])}>
          <TaskFilters query={current} />
        </WordsProvider>
      );
    },
  };
}

function renderFilters(initial: TaskQuery) {
  const page = pageQuery(initial);
  const Stub = createRoutesStub([{ path: "/dashboard/tasklist", Component: page.Page }]);
  render(<Stub initialEntries={["/dashboard/tasklist"]} />);
  return page;
}

/** A control's value (the Workers types shadow the DOM's element types in this project, so read it untyped). */
const valueOf = (label: string) => (screen.getByLabelText(label) as unknown as { value: string }).value;

describe("TaskFilters", () => {
  it("keeps a category just chosen when an earlier search lands after it", async () => {
    const page = renderFilters(EMPTY);
    await screen.findByLabelText("Category");
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "Content Writing" } });
    page.set({ ...EMPTY, q: "plum" }); // the search submitted before the choice renders now
    expect(valueOf("Category")).toBe("Content Writing");
    expect(valueOf("Search")).toBe("plum");
  });

  it("follows the URL for the selects nobody changed (back and forward, a shared link)", async () => {
    const page = renderFilters({ ...EMPTY, category: "Content Writing" });
    await screen.findByLabelText("Category");
    page.set({ ...EMPTY, category: "Translation", sort: "pay" });
    expect(valueOf("Category")).toBe("Translation");
    expect(valueOf("Sort by")).toBe("pay");
  });
});
