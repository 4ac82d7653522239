// The root layout gives React Router's scripts and links the document's CSP nonce: on the server the one the entry
// chose, in the browser the one read back from the page (so hydration sees the nonce the server wrote, and links
// added after a navigation carry it).
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { NonceContext, useNonce } from "~/lib/csp";

afterEach(() => {
  cleanup();
  document.head.querySelectorAll("script[nonce]").forEach((s) => s.remove());
});

function ShowNonce() {
  return <output>{useNonce() ?? "none"}</output>;
}

describe("useNonce", () => {
  it("is the server's nonce while the server renders", () => {
    render(
      <NonceContext value="server-nonce">
        <ShowNonce />
      </NonceContext>,
    );
    expect(screen.getByRole("status").textContent).toBe("server-nonce");
  });

  it("is read back from the document's scripts in the browser", () => {
    // as a browser leaves a parsed script: the attribute is there but emptied, the nonce is in the property
    const script = document.createElement("script");
    script.setAttribute("nonce", "");
    Object.defineProperty(script, "nonce", { value: "page-nonce" });
    document.head.appendChild(script);
    render(<ShowNonce />);
    expect(screen.getByRole("status").textContent).toBe("page-nonce");
  });

  it("is none when the page has no nonce", () => {
    render(<ShowNonce />);
    expect(screen.getByRole("status").textContent).toBe("none");
  });
});
