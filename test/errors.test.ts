import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { errorCodes } from "../src/errors.js";

describe("the error table", () => {
  it("documents every code with its status in docs/errors.md, and no code that does not exist", () => {
    const doc = fs.readFileSync("docs/errors.md", "utf8");
    const documented = [...doc.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]);
    expect(documented).toEqual(Object.entries(errorCodes).map(([code, { status }]) => [code, status]));
  });
});
