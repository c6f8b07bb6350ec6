// The documentation pages that restate code: they must say what the code does.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderBlockReference } from "../../src/docs/block-reference.js";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("docs/configuration.md", () => {
  it("documents every environment variable src/config*.ts reads", () => {
    const configFiles = readdirSync(path.join(root, "src")).filter((name) => /^config.*\.ts$/.test(name));
    const source = configFiles.map((name) => read(`src/${name}`)).join("\n");
    // Read directly (env.X) or through a helper that is given the name ("PARLEY_X").
    const read_ = new Set(
      [...source.matchAll(/env(?:\.|\[")([A-Z][A-Z0-9_]+)|"(PARLEY_[A-Z0-9_]+)"/g)].map(
        (match) => match[1] ?? match[2],
      ),
    );
    expect(read_.size).toBeGreaterThan(30);
    const page = read("docs/configuration.md");
    const documented = new Set([...page.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]));
    const missing = [...read_].filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });
});

describe("docs/block-reference.md", () => {
  it("is what the block catalogue renders (run `node scripts/docs-blocks.mjs` after changing a block)", () => {
    expect(read("docs/block-reference.md")).toBe(renderBlockReference());
  });

  it("has a section for every kind, with its options", () => {
    const page = renderBlockReference();
    expect(page).toContain('### Wait\n\n- type: `"Wait"`');
    expect(page).toContain("| `secondsToWaitFor` | string |  |\n| `shouldPause` | boolean | `false` |");
  });
});
