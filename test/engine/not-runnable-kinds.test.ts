import { describe, expect, it } from "vitest";
import { registry } from "../../src/engine/blocks/registry.js";
import { isUnsupportedExecutor } from "../../src/engine/blocks/unsupported.js";
import { blockCatalogue, notRunnableKinds } from "../../src/schemas/blocks/catalogue/index.js";
import type { BlockType } from "../../src/schemas/blocks/index.js";

describe("the catalogue's list of kinds this server cannot run", () => {
  it("names exactly the kinds the registry has no executor for", () => {
    const kinds = Object.keys(blockCatalogue) as BlockType[];
    const withoutExecutor = kinds.filter((type) => isUnsupportedExecutor(registry[type]));
    // On a mismatch: drop the kind that got an executor from (or add the new stand-in to)
    // src/schemas/blocks/catalogue/not-runnable.ts.
    expect(Object.keys(notRunnableKinds).sort()).toEqual(withoutExecutor.sort());
  });

  it("says what each one needs", () => {
    for (const needs of Object.values(notRunnableKinds)) expect(needs).toMatch(/^needs \S/);
  });
});
