import fs from "node:fs";
import path from "node:path";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

/** Every .ts/.tsx file under a folder, as a path relative to the repository. */
function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** `file:line: text` for each line of the files that matches the pattern. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe("the layers (README, Layout)", () => {
  it("keep to the import rules of .dependency-cruiser.cjs, without cycles", { timeout: 60_000 }, async () => {
    const options = await extractDepcruiseOptions(path.resolve(".dependency-cruiser.cjs"));
    const result = await cruise(["src", "web/src", "web/builder/src"], { ...options, outputType: "err" }, undefined, {
      tsConfig: extractTSConfig("tsconfig.json"),
    });
    // The report names each broken rule with the import that breaks it.
    expect(result.output).toContain("no dependency violations found");
    expect(result.exitCode).toBe(0);
  });

  it("read the environment only in src/config.ts", () => {
    const files = [...sourceFiles("src"), ...sourceFiles("web")].filter(
      (file) => file !== path.join("src", "config.ts"),
    );
    expect(linesMatching(files, /\bprocess\.env\b/)).toEqual([]);
  });

  it("let routes reach the database only through services", () => {
    // The context hands routes the repositories too; dependency-cruiser cannot see calls made through it.
    const repository = /\bctx\.(store|users|browserSessions|passwordSetups|workspaces|bots|sessions|results|chat)\b/;
    expect(linesMatching(sourceFiles(path.join("src", "http")), repository)).toEqual([]);
  });
});
