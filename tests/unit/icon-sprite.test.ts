// The icon sprite is lucide's shapes for exactly the icons app/components/icons names: regenerated here and compared,
// so an icon added to the list without `npm run icons` (or a lucide upgrade that redraws one) fails.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { iconNames, spriteText } from "../../scripts/icon-sprite.ts";

describe("icon sprite", () => {
  it("is what scripts/icon-sprite.ts writes from lucide for the listed icons", async () => {
    const committed = readFileSync(path.join(import.meta.dirname, "../../app/components/icons/sprite.svg"), "utf8");
    expect(committed).toBe(await spriteText());
    const ids = [...committed.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(["coin", ...iconNames()]);
    expect(ids).toContain("coins");
  });
});
