import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { startS3Server } from "../integrations/storage/storage-fixtures.js";

const run = promisify(execFile);

/** A loopback port that nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `parley start` with these variables: its exit code and what it printed, when it refuses to start. */
async function startRefused(extra: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-s3-cli-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PARLEY_DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "warn", ...extra };
  delete env.DATABASE_URL;
  try {
    await run(process.execPath, ["bin/parley.js", "start"], { env, timeout: 60_000 });
    throw new Error("parley start did not refuse to start");
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.close());

describe("a wrong S3 setting stops the start, naming the variable", () => {
  it("lists the variables missing when only some are set", async () => {
    const { code, stderr } = await startRefused({ S3_BUCKET: "parley-files", S3_REGION: "us-east-1" });
    expect(code).toBe(2);
    expect(stderr).toContain(
      "parley: File storage in S3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION; missing: S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY",
    );
  });

  it("refuses an endpoint that is not a URL", async () => {
    const { code, stderr } = await startRefused({ ...s3.env, S3_ENDPOINT: "minio:9000" });
    expect(code).toBe(2);
    expect(stderr).toContain(
      'parley: S3_ENDPOINT must be an http:// or https:// URL without query or credentials, got "minio:9000"',
    );
  });

  it("names S3_ENDPOINT when nothing answers there", async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const { code, stderr } = await startRefused({ ...s3.env, S3_ENDPOINT: endpoint });
    expect(code).toBe(2);
    expect(stderr).toContain(`parley: The file storage (s3) cannot be used: S3_ENDPOINT ${endpoint} cannot be reached`);
  });

  it("names S3_BUCKET when the bucket does not exist", async () => {
    const { code, stderr } = await startRefused({ ...s3.env, S3_BUCKET: "no-such-bucket" });
    expect(code).toBe(2);
    expect(stderr).toContain(
      `parley: The file storage (s3) cannot be used: S3_BUCKET "no-such-bucket" does not exist at S3_ENDPOINT ${s3.env.S3_ENDPOINT}`,
    );
  });
});

describe("uploads in an S3 bucket", () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await createChatHarness(s3.env);
  });
  afterAll(() => h?.close());

  it("stores an upload in the bucket, serves it back, deletes it with its preview, and reports the storage ready", async () => {
    const bot = buildBot({
      groups: [{ id: "g", blocks: [{ id: "b-file", type: "file input", options: {} }, say("b-done", "Thanks")] }],
    });
    const { start } = await h.preview(bot);
    const sessionId = start.body.sessionId as string;
    const bytes = Buffer.from(Array.from({ length: 300 * 1024 }, (_, i) => i % 7));
    const uploaded = await fetch(`${h.server.baseUrl}/v1/sessions/${sessionId}/files?name=clip.mp3`, {
      method: "POST",
      body: bytes,
    });
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("audio/mpeg");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    // Nothing on this server's disk.
    expect(fs.existsSync(path.join(h.server.dataDir, "uploads"))).toBe(false);

    const ready = await createClient(h.server.baseUrl).get("/health/ready");
    expect(ready).toMatchObject({ status: 200, body: { checks: { database: "ok", storage: "ok" } } });

    const { deleteExpiredSessions } = await import("../../src/services/chat/session-cleanup.js");
    await deleteExpiredSessions(h.server.ctx, new Date(Date.now() + 400 * 24 * 3_600_000));
    expect((await fetch(url)).status).toBe(404);
  });

  it("answers 503 naming the file storage once the S3 server is gone", async () => {
    await s3.close();
    const ready = await createClient(h.server.baseUrl).get("/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ code: "SERVICE_UNAVAILABLE", message: "Not ready: the file storage is unreachable" });
  });
});
