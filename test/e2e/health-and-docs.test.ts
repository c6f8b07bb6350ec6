import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { createClient } from "../helpers/http-client.js";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("health and API documentation", () => {
  it("answers the health check after checking the database", async () => {
    const { status, body } = await createClient(server.baseUrl).get("/health");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });

  it("serves an OpenAPI 3.1 document of every route", async () => {
    const { status, body } = await createClient(server.baseUrl).get("/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    const operations = Object.entries(body.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const expected of [
      "POST /api/v1/workspaces",
      "GET /api/v1/workspaces/{workspaceId}",
      "POST /api/v1/bots",
      "GET /api/v1/bots/{botId}",
      "PATCH /api/v1/bots/{botId}",
      "GET /api/v1/bots/{botId}/publishedBot",
      "POST /api/v1/bots/{botId}/publish",
      "POST /api/v1/bots/{botId}/lint",
      "POST /api/auth/login",
      "GET /api/v1/tokens",
    ])
      expect(operations).toContain(expected);
    const createBot = body.paths["/api/v1/bots"].post;
    expect(createBot.requestBody.content["application/json"].schema.properties.workspaceId).toBeDefined();
    expect(createBot.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(body.components.securitySchemes.sessionCookie).toEqual({
      type: "apiKey",
      in: "cookie",
      name: "parley_session",
    });
  });

  it("renders the documentation for a person at /api/docs", async () => {
    const response = await fetch(`${server.baseUrl}/docs`, { redirect: "follow" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("swagger");
  });

  it("gives the explorer the same document, as JSON and as YAML", async () => {
    const served = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
    const explorerJson = await fetch(`${server.baseUrl}/docs/json`);
    expect(explorerJson.status).toBe(200);
    expect(await explorerJson.json()).toEqual(served);
    const explorerYaml = await fetch(`${server.baseUrl}/docs/yaml`);
    expect(explorerYaml.status).toBe(200);
    expect(explorerYaml.headers.get("content-type")).toContain("application/x-yaml");
    expect(parse(await explorerYaml.text())).toEqual(served);
  });
});
