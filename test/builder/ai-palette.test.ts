import { describe, expect, it } from "vitest";
import { blockEntry, searchBlocks } from "../../web/builder/src/editor/block-catalogue.js";

describe("AI blocks in the palette", () => {
  it("offers the eight AI blocks and no longer the legacy OpenAI block, which still has its entry", () => {
    const offered = searchBlocks("").map((entry) => entry.type);
    for (const type of [
      "openai",
      "anthropic",
      "mistral",
      "groq",
      "deepseek",
      "perplexity",
      "together-ai",
      "open-router",
    ])
      expect(offered).toContain(type);
    expect(offered).not.toContain("OpenAI");
    expect(searchBlocks("openai").map((entry) => entry.type)).toEqual(["openai"]);
    expect(blockEntry("OpenAI")?.label).toBe("OpenAI (legacy)");
  });
});
