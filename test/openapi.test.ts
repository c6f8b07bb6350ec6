import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { apiRoutes, documentedRoutes, PARLEY_VERSION } from "../src/http/app.js";
import { buildOpenApiDocument } from "../src/http/openapi.js";
import { apiPaths } from "../src/schemas/api-paths.js";
import type { AppContext } from "../src/services/context.js";

const generate = () => buildOpenApiDocument(documentedRoutes(apiRoutes({} as AppContext)), PARLEY_VERSION);

describe("docs/openapi.json", () => {
  it("is the document the routes generate (run `npm run openapi` after changing a route or schema)", () => {
    const committed = JSON.parse(fs.readFileSync("docs/openapi.json", "utf8"));
    expect(committed).toEqual(JSON.parse(JSON.stringify(generate())));
  });

  it("lists every route the web clients can call by name, the upload (a raw file body) included", () => {
    const paths = generate().paths as Record<string, Record<string, unknown>>;
    const missing = Object.entries(apiPaths)
      .map(([name, entry]) => {
        const [method, url] = entry.split(" ");
        return paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()] ? undefined : name;
      })
      .filter(Boolean);
    expect(missing).toEqual([]);
    const upload = paths["/api/v1/sessions/{sessionId}/files"].post as {
      requestBody: { content: Record<string, unknown> };
      parameters: { name: string; in: string }[];
      responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
    };
    expect(Object.keys(upload.requestBody.content)).toEqual(["application/octet-stream"]);
    expect(upload.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      "path:sessionId",
      "query:name",
    ]);
    expect(Object.keys(upload.responses[200].content!["application/json"].schema.properties!)).toEqual([
      "name",
      "size",
      "contentType",
      "url",
    ]);
  });
});
