import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILDER_CSP } from "../../src/http/builder-pages.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { buildBuilder } from "./builder-harness.js";

describe("serving the builder", () => {
  let server: TestServer;
  let asset: string;

  beforeAll(async () => {
    buildBuilder();
    server = await startTestServer();
    const html = await (await fetch(`${server.url}/login`)).text();
    asset = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)![1];
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers every builder path with the same page and a strict policy", async () => {
    for (const path of [
      "/",
      "/login",
      "/setup?token=x",
      "/bots",
      "/bots/abc/edit",
      "/bots/abc/results",
      "/bots/abc/analytics",
      "/bots/abc/results/xyz",
      "/settings",
      "/inbox",
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-security-policy")).toBe(BUILDER_CSP);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it("serves hashed assets for a year, compressed when asked", async () => {
    const plain = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await plain.arrayBuffer());
    const { request } = await import("node:http");
    const gzipped = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      request(`${server.url}${asset}`, { headers: { "accept-encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }),
        );
      })
        .on("error", reject)
        .end();
    });
    expect(gzipped.encoding).toBe("gzip");
    expect(gunzipSync(gzipped.body).equals(body)).toBe(true);
  });

  it("refuses unknown and path-like asset names", async () => {
    for (const name of ["nope.js", "..%2Fpackage.json", ".env", "...", "index.html"])
      expect((await fetch(`${server.url}/assets/${name}`)).status, name).toBe(404);
  });

  it("leaves other root paths to the visitor pages", async () => {
    const response = await fetch(`${server.url}/no-such-bot`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Bot not found");
  });
});
