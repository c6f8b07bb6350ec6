import { describe, expect, it } from "vitest";
import { registry } from "../../src/engine/blocks/registry.js";
import { isUnsupportedExecutor, unsupportedExecutor } from "../../src/engine/blocks/unsupported.js";
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

  it("recognises a stand-in, which logs the block and goes on along its edge", () => {
    // The list may be empty: the check above must still catch a kind that falls back to a stand-in.
    const standIn = unsupportedExecutor("webhook");
    expect(isUnsupportedExecutor(standIn)).toBe(true);
    expect(isUnsupportedExecutor(registry.webhook)).toBe(false);
    expect(standIn.execute({ id: "b1", type: "webhook", outgoingEdgeId: "e1" }, {} as never)).toEqual({
      outgoingEdgeId: "e1",
      logs: [{ status: "error", description: "webhook is not supported by this server" }],
    });
  });
});
