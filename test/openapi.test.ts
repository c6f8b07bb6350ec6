import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { apiRoutes, PARLEY_VERSION } from "../src/http/app.js";
import { buildOpenApiDocument } from "../src/http/openapi.js";
import type { AppContext } from "../src/services/context.js";

describe("docs/openapi.json", () => {
  it("is the document the routes generate (run `npm run openapi` after changing a route or schema)", () => {
    const generated = buildOpenApiDocument(apiRoutes({} as AppContext), PARLEY_VERSION);
    const committed = JSON.parse(fs.readFileSync("docs/openapi.json", "utf8"));
    expect(committed).toEqual(JSON.parse(JSON.stringify(generated)));
  });
});
