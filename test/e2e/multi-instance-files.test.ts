import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { createTestDatabase } from "../helpers/test-database.js";
import { buildBot, say } from "../helpers/bot-builder.js";

// Several instances only make sense on a shared PostgreSQL database.
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Issue 26: files stored through one instance are served and deleted through another. */
describe.runIf(onPostgres)("uploads shared by two server processes on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  let token: string;
  const dataDirs = ["a", "b"];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Each instance has a data folder of its own, as on two machines: nothing is shared through the disk.
    const env = (name: string) => ({
      ...process.env,
      DATABASE_URL: database.databaseUrl,
      PARLEY_DATA_DIR: path.join(database.dataDir, name),
    });
    // A loaded machine (the suite runs beside others) can take longer than the usual 20 s to start a process.
    first = await startServerProcess(env(dataDirs[0]));
    token = /^ {2}(pat_\S+)$/m.exec(first.output())![1];
    second = await startServerProcess(env(dataDirs[1]));
  }, 200_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  async function storedFileRows(): Promise<string[]> {
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(`select key from "storedFiles" where complete = 1 order by key`);
      return rows.map((row) => row.key as string);
    } finally {
      await client.end();
    }
  }

  it("serves an upload made through A from B, and deletes it with its result archived through B", async () => {
    const api = createClient(`${first.url}/api`, token);
    const workspaceId = (await api.get("/v1/workspaces")).body.workspaces[0].id;
    const bot = buildBot({
      groups: [{ id: "g", blocks: [{ id: "b-file", type: "file input", options: {} }, say("b-done", "Thanks")] }],
    });
    const created = await api.post("/v1/bots", { workspaceId, bot });
    const botId = created.body.bot.id as string;
    const { publicId } = (await api.post(`/v1/bots/${botId}/publish`)).body;

    const start = await createClient(`${first.url}/api`).post(`/v1/bots/${publicId}/startChat`, {});
    expect(start.status).toBe(200);
    const sessionId = start.body.sessionId as string;
    const bytes = Buffer.from(Array.from({ length: 700 * 1024 }, (_, i) => i % 251));
    const uploaded = await fetch(`${first.url}/api/v1/sessions/${sessionId}/files?name=photo.png`, {
      method: "POST",
      headers: { "content-type": "image/png" },
      body: bytes,
    });
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    const filePath = new URL(url).pathname;
    expect(filePath).toMatch(/^\/files\/[\w-]{24}\/photo\.png$/);

    const fromB = await fetch(`${second.url}${filePath}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/png");
    expect(fromB.headers.get("content-length")).toBe(String(bytes.length));
    expect(Buffer.from(await fromB.arrayBuffer()).equals(bytes)).toBe(true);
    // Neither instance wrote it to its disk.
    for (const name of dataDirs) {
      const uploads = path.join(database.dataDir, name, "uploads");
      expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual([]);
    }

    // The answer goes through B too; the file then belongs to the result.
    const answered = await createClient(`${second.url}/api`).post(`/v1/sessions/${sessionId}/continueChat`, {
      message: { type: "text", text: url, attachedFileUrls: [url] },
    });
    expect(answered.status).toBe(200);
    const folder = filePath.split("/")[2];
    expect((await storedFileRows()).filter((key) => key.includes(folder))).toEqual(
      [`${folder}/photo.png`, `.results/${start.body.resultId}/${folder}`, `.sessions/${sessionId}/${folder}`].sort(),
    );

    const archived = await createClient(`${second.url}/api`, token).delete(`/v1/bots/${botId}/results`);
    expect(archived.status).toBe(200);
    expect((await fetch(`${first.url}${filePath}`)).status).toBe(404);
    expect((await fetch(`${second.url}${filePath}`)).status).toBe(404);
    expect((await storedFileRows()).filter((key) => key.startsWith(folder) || key.startsWith(".results/"))).toEqual([]);
  });

  it("answers ready on both instances with the storage checked", async () => {
    for (const instance of [first, second]) {
      const ready = await createClient(`${instance.url}/api`).get("/health/ready");
      expect(ready).toMatchObject({ status: 200, body: { checks: { database: "ok", storage: "ok" } } });
    }
  });
});
