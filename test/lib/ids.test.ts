import { describe, expect, it } from "vitest";
import { createId } from "../../src/lib/ids.js";

describe("createId", () => {
  it("makes 24 characters of [a-z0-9] starting with a letter, all different", () => {
    const ids = Array.from({ length: 20_000 }, createId);
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sorts ids made in different milliseconds by creation time, so that rows written together sit together", async () => {
    const before = Date.now();
    const first = createId();
    await new Promise((resolve) => setTimeout(resolve, 3));
    const second = createId();
    const after = Date.now();
    expect(first < second).toBe(true);
    for (const id of [first, second]) {
      const created = parseInt(id.slice(0, 8), 36);
      expect(created).toBeGreaterThanOrEqual(before);
      expect(created).toBeLessThanOrEqual(after);
    }
  });
});
