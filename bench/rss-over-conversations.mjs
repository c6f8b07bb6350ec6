// RSS of one server on a fresh embedded database, read after each run of conversations, to tell a
// leak (growth run after run) from the heap and the allocator breathing (up and down again).
//   node bench/rss-over-conversations.mjs [runs=10] [conversations per run=10000]
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { benchBot } from "./bot.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [runs = "10", perRun = "10000"] = process.argv.slice(2);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-rss-"));
const server = spawn(process.execPath, ["dist/cli/main.js", "start"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: "0",
    LOG_LEVEL: "warn",
    PARLEY_DATA_DIR: dataDir,
    DATABASE_URL: "",
    PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0",
  },
});
let output = "";
server.stdout.on("data", (chunk) => (output += chunk));
server.stderr.on("data", (chunk) => (output += chunk));
async function waitFor(pattern) {
  for (let i = 0; i < 300; i++) {
    const match = pattern.exec(output);
    if (match) return match;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start:\n${output}`);
}
const [, url] = await waitFor(/Parley is running at (http:\/\/\S+)/);
const [, token] = await waitFor(/^ {2}(pat_\S+)$/m);
const baseUrl = `${url}/api`;
const api = async (method, route, body) =>
  (
    await fetch(baseUrl + route, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
  ).json();
const { workspaces } = await api("GET", "/v1/workspaces");
const { bot } = await api("POST", "/v1/bots", { workspaceId: workspaces[0].id, bot: benchBot() });
const { publicId } = await api("POST", `/v1/bots/${bot.id}/publish`);
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))[1]) / 1024;
const run = promisify(execFile);
const options = { baseUrl, publicId, botId: bot.id, token, scenario: "conversations", durationMs: 600_000, warmupMs: 0 };
try {
  // Run 0 is the warm-up: the heap grows to its working size.
  for (let index = 0; index <= Number(runs); index++) {
    let done = 0;
    while (done < Number(perRun)) {
      const { stdout } = await run(process.execPath, [
        path.join(root, "bench/load.mjs"),
        JSON.stringify({ ...options, connections: 64, conversations: Number(perRun) - done }),
      ]);
      done += JSON.parse(stdout).completedConversations;
    }
    console.log(`after ${index * Number(perRun)} conversations (+ warm-up): RSS ${rssMb().toFixed(1)} MB`);
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
