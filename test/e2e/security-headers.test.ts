import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAGE_CSP } from "../../src/http/security-headers.js";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { startServerProcess } from "../helpers/server-process.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await server.createUser()).token;
});
afterAll(() => server.close());

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectCommonHeaders(headers: Headers) {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("set-cookie")).toBeNull();
}

describe("security headers", () => {
  it("are on every answer: success, client error, unknown route, and bodies the parser refused", async () => {
    const client = createClient(server.baseUrl);
    const answers = [
      await client.get("/health"),
      await createClient(server.baseUrl, token).get("/v1/workspaces"),
      await client.get("/v1/workspaces"),
      await client.get("/no/such/route"),
      await client.post("/v1/bots/x/startChat", "{not json"),
      await client.request("POST", "/v1/bots/x/startChat", "<a/>", { "content-type": "application/xml" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 400, 415]);
    for (const answer of answers) {
      expectCommonHeaders(answer.headers);
      expect(answer.headers.get("content-security-policy")).toBeNull();
      expect(answer.headers.get("x-request-id")).toMatch(uuid);
    }
  });

  it("are on answers to URLs the router cannot read and to requests whose headers are too large, with the error body", async () => {
    const client = createClient(server.baseUrl);
    const badUrl = await client.post("/v1/sessions/%/continueChat", {});
    expect(badUrl).toMatchObject({
      status: 400,
      body: { code: "BAD_REQUEST", message: "Malformed URL: a path segment is not valid percent-encoding" },
    });
    const longId = await client.post(`/v1/sessions/${"s".repeat(101)}/continueChat`, {});
    expect(longId).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", message: "No such resource: a path value is longer than 100 characters" },
    });
    const hugeHeaders = await client.get(`/health?padding=${"x".repeat(20_000)}`);
    expect(hugeHeaders).toMatchObject({
      status: 431,
      body: { code: "REQUEST_HEADERS_TOO_LARGE", message: "Request headers are too large (the URL counts too)" },
    });
    for (const answer of [badUrl, longId, hugeHeaders]) expectCommonHeaders(answer.headers);
    expect(badUrl.headers.get("x-request-id")).toMatch(uuid);
  });

  it("puts a Content-Security-Policy on HTML pages (the API docs)", async () => {
    const response = await fetch(`${server.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toBe(DEFAULT_PAGE_CSP);
    expectCommonHeaders(response.headers);
  });

  it("keeps a caller's plain request id and replaces any other", async () => {
    const client = createClient(server.baseUrl);
    expect((await client.get("/health", { "x-request-id": "edge-7f3a.42" })).headers.get("x-request-id")).toBe(
      "edge-7f3a.42",
    );
    expect((await client.get("/health", { "x-request-id": "x".repeat(65) })).headers.get("x-request-id")).toMatch(uuid);
    expect((await client.get("/health", { "x-request-id": "a b{}" })).headers.get("x-request-id")).toMatch(uuid);
  });
});

describe("logs of a real server process", () => {
  it("are JSON lines carrying request ids, and never show an API token", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-logs-"));
    const parley = await startServerProcess({
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      PARLEY_DATA_DIR: dataDir,
      LOG_LEVEL: "debug",
    });
    try {
      const firstToken = /^ {2}(pat_\S+)$/m.exec(parley.output())![1];
      const wrongToken = "pat_thisTokenDoesNotExist0123456789";
      const api = createClient(`${parley.url}/api`, firstToken);
      const workspaceId = (await api.get("/v1/workspaces", { "x-request-id": "req-list" })).body.workspaces[0].id;
      const created = await api.post("/v1/bots", { workspaceId, bot: greetingBot() });
      const { publicId } = (await api.post(`/v1/bots/${created.body.bot.id}/publish`)).body;
      expect(
        (await createClient(`${parley.url}/api`, wrongToken).get("/v1/workspaces", { "x-request-id": "req-wrong" }))
          .status,
      ).toBe(401);
      await createClient(`${parley.url}/api`).post(
        `/v1/bots/${publicId}/startChat`,
        {},
        { authorization: `Bearer ${firstToken}`, cookie: "sid=secret-cookie" },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      const lines = parley
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"));
      const entries = lines.map((line) => JSON.parse(line) as Record<string, any>);
      const requestLines = entries.filter(
        (entry) => entry.msg === "incoming request" || entry.msg === "request completed",
      );
      expect(requestLines.length).toBeGreaterThanOrEqual(10);
      for (const entry of requestLines) expect(entry.reqId).toEqual(expect.any(String));
      expect(requestLines.filter((entry) => entry.reqId === "req-list").map((entry) => entry.msg)).toEqual([
        "incoming request",
        "request completed",
      ]);
      expect(
        requestLines.find((entry) => entry.reqId === "req-wrong" && entry.msg === "request completed")?.res.statusCode,
      ).toBe(401);
      for (const line of lines) {
        expect(line).not.toContain(firstToken);
        expect(line).not.toContain(wrongToken);
        expect(line).not.toContain("secret-cookie");
      }
    } finally {
      await parley.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
