import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

/** `parley test` through the built binary (run `npm run build` first), on files and on a server's database. */

const run = promisify(execFile);
let dir: string;
let server: TestServer;
let env: NodeJS.ProcessEnv;

const parley = (...args: string[]) =>
  run(process.execPath, ["bin/parley.js", "test", ...args], { env }).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bot-tests-"));
  fs.copyFileSync("docs/examples/lead-form.json", path.join(dir, "lead-form.json"));
  server = await startTestServer();
  env = { ...process.env, PARLEY_DATA_DIR: server.dataDir, LOG_LEVEL: "warn" };
  if (server.databaseUrl) env.DATABASE_URL = server.databaseUrl;
  else delete env.DATABASE_URL;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("parley test", { timeout: 120_000 }, () => {
  it("passes the documented example (exit 0) and writes JUnit XML", async () => {
    const junit = path.join(dir, "junit.xml");
    const result = await parley("docs/examples/lead-form.tests.yaml", "--junit", junit);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^docs\/examples\/lead-form\.tests\.yaml\n {2}✓ happy path \(\d+ ms\)\n {2}✓ a wrong e-mail address is asked again \(\d+ ms\)\n\n2 passed, 0 failed\n$/,
    );
    const xml = fs.readFileSync(junit, "utf8");
    expect(xml).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="parley test" tests="2" failures="0"/,
    );
    expect(xml.match(/<testcase /g)).toHaveLength(2);
  });

  it("fails a conversation (exit 1) with the step, a diff and the conversation so far; globs pick files", async () => {
    write(
      "suite/greeting.yaml",
      "bot: ../lead-form.json\nconversations:\n  - name: greets\n    steps: [{ bot: Hello! }]\n",
    );
    write(
      "suite/input.yaml",
      "bot: ../lead-form.json\nconversations:\n  - name: asks\n    steps: [{ input: text input }]\n",
    );
    const result = await parley(path.join(dir, "suite/*.yaml"));
    expect(result.code).toBe(1);
    expect(result.stdout.startsWith(`${path.join(dir, "suite/greeting.yaml")}\n`)).toBe(true);
    expect(result.stdout).toMatch(
      / {2}✗ greets \(\d+ ms\)\n {4}at step 1 \(bot: "Hello!"\)\n {4}expected \(-\) vs got \(\+\):\n {6}- Hello!\n {6}\+ Hello! What's your name\?\n/,
    );
    expect(result.stdout).toContain(
      "    conversation so far:\n      bot    Hello! What's your name?\n      input  text input\n",
    );
    expect(result.stdout).toMatch(/ {2}✓ asks \(\d+ ms\)/);
    expect(result.stdout.endsWith("1 passed, 1 failed\n")).toBe(true);
  });

  it("refuses a bad file with exit 2, naming file, line and field, and runs nothing", async () => {
    const bad = write(
      "bad.yaml",
      "bot: ./lead-form.json\nconversations:\n  - name: x\n    steps:\n      - bot: Hi\n      - user: [a]\n",
    );
    const result = await parley(bad);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^parley: ${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:6: conversations\\[0\\]\\.steps\\[1\\]: `),
    );
    expect(result.stdout).toBe("");
    const noBot = write("no-bot.yaml", "conversations:\n  - name: x\n");
    expect((await parley(noBot)).stderr).toBe(`parley: ${noBot}: bot: Give the bot export here or --bot\n`);
    expect((await parley(path.join(dir, "missing.yaml"))).code).toBe(2);
  });

  it("with --bot reads the stored draft, or the published version, from the server's database", async () => {
    const user = await server.createUser();
    const api = createClient(server.baseUrl, user.token);
    const bot = leadFormWithGreeting("Hello! What's your name?");
    const imported = await api.post("/v1/bots/import", { workspaceId: user.workspaceId, bot });
    const botId = imported.body.bot.id;
    const published = await api.post(`/v1/bots/${botId}/publish`);
    expect(published.status).toBe(200);
    // The draft moves on after publishing.
    const draft = leadFormWithGreeting("Welcome back!");
    expect((await api.patch(`/v1/bots/${botId}`, { bot: { groups: draft.groups } })).status).toBe(200);

    const file = write(
      "stored.yaml",
      'conversations:\n  - name: greets\n    steps: [{ bot: "Hello! What\'s your name?" }]\n',
    );
    const onDraft = await parley(file, "--bot", botId);
    expect(onDraft.code).toBe(1);
    expect(onDraft.stdout).toContain("      + Welcome back!\n");
    const onPublished = await parley(file, "--bot", published.body.publicId, "--published");
    expect(onPublished.stderr).toBe("");
    expect(onPublished.code).toBe(0);
    expect((await parley(file, "--bot", "no-such-bot")).stderr).toContain(
      "No bot with the id or public id no-such-bot",
    );
  });
});

function leadFormWithGreeting(text: string) {
  const bot = JSON.parse(fs.readFileSync("docs/examples/lead-form.json", "utf8"));
  bot.groups[0].blocks[0].content.richText = [{ type: "p", children: [{ text }] }];
  return bot;
}
