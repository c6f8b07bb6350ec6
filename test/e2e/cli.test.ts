import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../helpers/test-database.js";
import { createClient } from "../helpers/http-client.js";
import { openEventStream } from "../helpers/session-events.js";

const run = promisify(execFile);
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  database = await createTestDatabase();
  env = { ...process.env, PARLEY_DATA_DIR: database.dataDir, PORT: "0", LOG_LEVEL: "warn" };
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  else delete env.DATABASE_URL;
});
afterAll(() => database.drop());

function startProcess(): Promise<{ child: ChildProcessWithoutNullStreams; output: () => string; url: string }> {
  const child = spawn(process.execPath, ["bin/parley.js", "start"], { env });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    child.stdout.on("data", () => {
      const match = /Parley is running at (http:\/\/\S+)/.exec(output);
      if (match && output.includes("docs:")) {
        clearTimeout(timer);
        resolve({ child, output: () => output, url: match[1] });
      }
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

const parley = (...args: string[]) => run(process.execPath, ["bin/parley.js", ...args], { env });

describe("the parley command", () => {
  it("answers --help for every command with that command's usage, without running it", {
    timeout: 120_000,
  }, async () => {
    const expected: Record<string, string> = {
      start: "  start                                   start the server",
      token: "  token revoke <id>                       revoke a token",
      user: "  user setup-link --email E               print a one-time link",
      openapi: "  openapi                                 print the OpenAPI document",
      test: "  test <file|glob>... [--bot <id|publicId>] [--published] [--junit out.xml]",
    };
    for (const [command, line] of Object.entries(expected)) {
      const answer = await parley(command, "--help");
      expect(answer.stdout).toMatch(new RegExp(`^Usage: parley ${command} …\\n\\n`));
      expect(answer.stdout).toContain(line);
      expect(answer.stderr).toBe("");
    }
    // A sub-command's --help too, and -h: nothing is created.
    const tokenCreate = await parley("token", "create", "--help");
    expect(tokenCreate.stdout).toContain("  token create --email E [--name LABEL]");
    expect((await parley("test", "-h")).stdout).toContain("run conversation tests");
  });

  it("starts, prints the URL and a first token once, and stops cleanly on SIGTERM", async () => {
    const first = await startProcess();
    // Give the first start a moment to print everything it has to say.
    await new Promise((r) => setTimeout(r, 200));
    const token = /^ {2}(pat_\S+)$/m.exec(first.output())?.[1];
    expect(token).toBeDefined();
    const api = createClient(`${first.url}/api`, token);
    expect((await api.get("/health")).body).toEqual({ status: "ok" });
    const { body } = await api.get("/v1/workspaces");
    expect(body.workspaces.map((w: { name: string }) => w.name)).toEqual(["My workspace"]);

    // The CLI works on the same database while the server runs.
    const created = await parley("token", "create", "--email", "Someone@Example.com", "--name", "ci");
    const newToken = created.stdout.trim().split("\n").at(-1)!;
    expect(newToken).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
    const other = createClient(`${first.url}/api`, newToken);
    expect((await other.get("/v1/workspaces")).status).toBe(200);

    const listed = (await parley("token", "list")).stdout;
    expect(listed).toContain("someone@example.com\tci");
    expect(listed).not.toContain(newToken);
    const id = /^(\S+)\tsomeone@example.com/m.exec(listed)![1];
    expect((await parley("token", "revoke", id)).stdout).toContain(`Revoked token ${id}`);
    expect((await other.get("/v1/workspaces")).status).toBe(401);

    const exited = new Promise<number | null>((resolve) => first.child.on("exit", resolve));
    first.child.kill("SIGTERM");
    expect(await exited).toBe(0);

    // A second start on the same database prints no new token.
    const second = await startProcess();
    await new Promise((r) => setTimeout(r, 200));
    expect(second.output()).not.toContain("pat_");
    expect((await createClient(`${second.url}/api`, token).get("/v1/workspaces")).status).toBe(200);
    const exitedAgain = new Promise<number | null>((resolve) => second.child.on("exit", resolve));
    second.child.kill("SIGINT");
    expect(await exitedAgain).toBe(0);
  });

  it("stops at once on SIGTERM while a client holds a connection it has not used and an events stream is open", async () => {
    const server = await startProcess();
    const exited = new Promise<number | null>((resolve) => server.child.on("exit", resolve));
    const created = await parley("token", "create", "--email", "operator@example.com");
    const token = created.stdout.trim().split("\n").at(-1)!;
    const api = createClient(`${server.url}/api`, token);
    const workspaceId = (await api.get("/v1/workspaces")).body.workspaces[0].id as string;
    const stream = await openEventStream(`${server.url}/api/v1/workspaces/${workspaceId}/inbox/events`, {
      authorization: `Bearer ${token}`,
    });
    expect((await stream.next())?.event).toBe("chats");
    // What a browser or an HTTP client's pool does ahead of a request: connect, send nothing yet.
    const { port } = new URL(server.url);
    const unused = connect(Number(port), "127.0.0.1");
    await once(unused, "connect");
    const unusedClosed = once(unused, "close");

    server.child.kill("SIGTERM");
    // Before, the unused connection held the stop for the idle timeout (60 s).
    const stopped = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(resolve, 15_000, "still running")),
    ]);
    expect(stopped).toBe(0);
    expect(await stream.next()).toBeUndefined();
    await unusedClosed;
  });

  it("explains a usage mistake with exit code 2", async () => {
    await expect(parley("token", "create")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("token create needs --email"),
    });
    await expect(parley("frobnicate")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown command "frobnicate"'),
    });
  });
});
