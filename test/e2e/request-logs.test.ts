import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { redactedUrl } from "../../src/http/security-headers.js";
import { startServer } from "../../src/server.js";
import { createTestDatabase } from "../helpers/test-database.js";

/** Issue 15, finding 7: request URLs in debug logs keep their secrets out. */
const lines: string[] = [];
let server: Awaited<ReturnType<typeof startServer>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    PORT: "0",
    LOG_LEVEL: "debug",
    PARLEY_DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  server = await startServer(config, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

describe("request logs at LOG_LEVEL=debug", () => {
  it("show a setup link's token as [redacted]", async () => {
    const response = await fetch(`${server.url}/setup?token=abc123secret&lang=en`);
    await response.arrayBuffer();
    const logged = lines.map((line) => JSON.parse(line) as { req?: { url?: string } }).filter((line) => line.req?.url);
    expect(logged.map((line) => line.req?.url)).toContain("/setup?token=[redacted]&lang=en");
    expect(lines.join("\n")).not.toContain("abc123secret");
  });
});

describe("redactedUrl", () => {
  it("redacts token-like query values, encoded names included, and leaves the rest as sent", () => {
    expect(redactedUrl("/a?access_token=x&key=y&api_key=z&secret=s&password=p&code=c&sig=g&page=2")).toBe(
      "/a?access_token=[redacted]&key=[redacted]&api_key=[redacted]&secret=[redacted]&password=[redacted]" +
        "&code=[redacted]&sig=[redacted]&page=2",
    );
    expect(redactedUrl("/a?%74oken=x&flag")).toBe("/a?%74oken=[redacted]&flag");
    expect(redactedUrl("/plain/path")).toBe("/plain/path");
  });
});
