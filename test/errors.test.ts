import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { errorCodes, retiredErrorCodes } from "../src/errors.js";

const doc = fs.readFileSync("docs/errors.md", "utf8");
const [codesSection, retiredSection = ""] = doc.split("\n## Retired codes\n");

describe("the error table", () => {
  it("documents every code with its status in docs/errors.md, and no code that does not exist", () => {
    const documented = [...codesSection.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]);
    expect(documented).toEqual(Object.entries(errorCodes).map(([code, { status }]) => [code, status]));
  });

  it("lists the retired codes in docs/errors.md, and never reuses one", () => {
    const documented = [...retiredSection.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual([...retiredErrorCodes]);
    expect(retiredErrorCodes.filter((code) => code in errorCodes)).toEqual([]);
  });

  it("gives each status one generic code, first in the table, for the errors the HTTP layer raises itself", () => {
    const firstByStatus = new Map<number, string>();
    for (const [code, { status }] of Object.entries(errorCodes))
      if (!firstByStatus.has(status)) firstByStatus.set(status, code);
    expect(Object.fromEntries([400, 403, 404].map((status) => [status, firstByStatus.get(status)]))).toEqual({
      400: "BAD_REQUEST",
      403: "FORBIDDEN",
      404: "NOT_FOUND",
    });
  });
});
