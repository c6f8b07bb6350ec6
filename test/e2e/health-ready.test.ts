import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** A loopback port that nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const servers: TestServer[] = [];
async function start(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  servers.push(server);
  return createClient(server.baseUrl);
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

describe("GET /api/health/ready", () => {
  it("checks only the database when REDIS_URL is not set", async () => {
    const response = await (await start()).get("/health/ready");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ready", checks: { database: "ok", storage: "ok" } });
  });

  it("checks Redis too when REDIS_URL is set", async () => {
    const response = await (await start({ REDIS_URL })).get("/health/ready");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ready", checks: { database: "ok", storage: "ok", redis: "ok" } });
  });

  it("answers 503 naming Redis when REDIS_URL points at a closed port, while /api/health stays up", async () => {
    const client = await start({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await client.get("/health/ready");
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        code: "SERVICE_UNAVAILABLE",
        message: "Not ready: Redis is unreachable",
      });
    }
    expect(await client.get("/health")).toMatchObject({ status: 200, body: { status: "ok" } });
  });
});
