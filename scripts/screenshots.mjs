// The README's screenshots: starts the built server (`npm run build` first) on a fresh embedded
// database in a temporary folder, seeds a workspace with a published lead-capture bot, ~30 results
// over the last three weeks and a teammate, then drives Debian's chromium (playwright-core, as the
// browser tests do) through the builder and writes docs/screenshots/*.png. Every step waits for the
// content it photographs, never for a fixed time. `npm run screenshots` builds and runs it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(root, "docs", "screenshots");
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const VIEWPORT = { width: 1280, height: 800 };
const PASSWORD = "screenshots only, not a secret";
/** How long one step may wait for what it photographs (generous: a shared machine can be slow to start). */
const WAIT_MS = 60_000;

for (const built of ["dist/cli/main.js", "dist/builder/index.html"])
  if (!fs.existsSync(path.join(root, built))) {
    console.error(`${built} is missing: run npm run build first (npm run screenshots does).`);
    process.exit(1);
  }

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-screenshots-"));
const env = {
  ...process.env,
  PARLEY_DATA_DIR: dataDir,
  // Always the embedded database in the temporary folder, whatever the shell has set.
  DATABASE_URL: "",
  REDIS_URL: "",
  PUBLIC_URL: "",
  SMTP_URL: "",
  LOG_LEVEL: "warn",
  PARLEY_RATE_LIMIT_START_PER_MINUTE: "10000",
  PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "10000",
  PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "10000",
};

/**
 * `parley start` as its own process, on a first start: resolves once it listens, with its URL, its
 * database file and what it printed for the first user (e-mail, API token, setup link token).
 */
function startServer() {
  const child = spawn(process.execPath, ["bin/parley.js", "start"], { cwd: root, env: { ...env, PORT: "0" } });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), WAIT_MS);
    const read = (chunk) => {
      output += chunk;
      const url = /Parley is running at (http:\/\/\S+)/.exec(output)?.[1];
      const database = /Database: (.+)/.exec(output)?.[1];
      const email = /created user (\S+) with/.exec(output)?.[1];
      const token = /keep it:\s+(\S+)/.exec(output)?.[1];
      const setupToken = /\/setup\?token=(\S+)/.exec(output)?.[1];
      if (!url || !database || !email || !token || !setupToken) return;
      clearTimeout(timer);
      resolve({ child, url, database: database.trim(), owner: { email, token, setupToken } });
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
}

const richText = (text) => [{ type: "p", children: [{ text }] }];
const bubble = (id, text) => ({ id, type: "text", content: { richText: richText(text) } });

/** Name, work e-mail and team size, then a thank-you: the bot most owners build first. */
function leadCaptureBot() {
  return {
    name: "Lead capture",
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-email", name: "Email" },
      { id: "v-team", name: "Team size" },
    ],
    events: [{ id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 40 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-welcome",
        title: "Welcome",
        graphCoordinates: { x: 220, y: 0 },
        blocks: [
          bubble("b-hello", "Hi there! I can book you a demo of Acme in under a minute."),
          {
            id: "b-name",
            type: "text input",
            options: { variableId: "v-name", labels: { placeholder: "Your name" } },
            outgoingEdgeId: "e-contact",
          },
        ],
      },
      {
        id: "g-contact",
        title: "Contact",
        graphCoordinates: { x: 580, y: 0 },
        blocks: [
          bubble("b-ask-mail", "Nice to meet you, {{Name}}! What is your work e-mail?"),
          { id: "b-email", type: "email input", options: { variableId: "v-email" } },
          bubble("b-ask-team", "How many people are on your team?"),
          {
            id: "b-team",
            type: "choice input",
            options: { variableId: "v-team" },
            items: [
              { id: "i-1", content: "Just me" },
              { id: "i-10", content: "2 to 10" },
              { id: "i-50", content: "11 to 50" },
              { id: "i-more", content: "More than 50" },
            ],
            outgoingEdgeId: "e-thanks",
          },
        ],
      },
      {
        id: "g-thanks",
        title: "Thanks",
        graphCoordinates: { x: 940, y: 60 },
        blocks: [bubble("b-thanks", "Thanks {{Name}}! We will write to {{Email}} within a day.")],
      },
    ],
    edges: [
      { id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g-welcome" } },
      { id: "e-contact", from: { blockId: "b-name" }, to: { groupId: "g-contact" } },
      { id: "e-thanks", from: { blockId: "b-team" }, to: { groupId: "g-thanks" } },
    ],
    theme: { general: { font: "Open Sans" } },
    settings: { general: { isBrandingEnabled: false } },
  };
}

/** A one-question bot, so that the bots page shows more than one card. */
function oneQuestionBot(name, question) {
  return {
    name,
    variables: [{ id: "v-answer", name: "Answer" }],
    events: [{ id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-ask",
        title: "Ask",
        graphCoordinates: { x: 220, y: 0 },
        blocks: [
          bubble("b-ask", question),
          { id: "b-answer", type: "text input", options: { variableId: "v-answer" } },
        ],
      },
    ],
    edges: [{ id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g-ask" } }],
  };
}

const FIRST_NAMES = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Frances", "Dennis"];
const LAST_NAMES = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson", "Allen"];
const TEAMS = ["Just me", "2 to 10", "11 to 50", "More than 50"];

/** Visitor `index`: who they are and how far they get (most finish; some stop at the e-mail or the team size). */
function visitor(index) {
  const first = FIRST_NAMES[index % FIRST_NAMES.length];
  const last = LAST_NAMES[(index * 7) % LAST_NAMES.length];
  const stage = index % 5 === 3 ? "name" : index % 7 === 5 ? "email" : "all";
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}@example.com`.toLowerCase(),
    team: TEAMS[(index * 3) % TEAMS.length],
    stage,
  };
}

async function main() {
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const server = await startServer();
  console.log(`server up at ${seconds()}`);
  const { token } = server.owner;
  let browser;
  try {
    const api = async (method, url, body) => {
      const response = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    };
    const visit = async (url, body) => {
      const response = await fetch(`${server.url}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${url} → ${response.status} ${await response.text()}`);
      return response.json();
    };

    await visit("/api/auth/password", { token: server.owner.setupToken, password: PASSWORD });
    const { workspaces } = await api("GET", "/api/v1/workspaces");
    const workspaceId = workspaces[0].id;
    const create = async (bot) => (await api("POST", "/api/v1/bots", { workspaceId, bot })).bot.id;
    await create(oneQuestionBot("Support triage", "What can we help you with today?"));
    const newsletterId = await create(oneQuestionBot("Newsletter sign-up", "Which topics interest you?"));
    await api("POST", `/api/v1/bots/${newsletterId}/publish`);
    const botId = await create(leadCaptureBot());
    const { publicId } = await api("POST", `/api/v1/bots/${botId}/publish`);

    // 32 visitors: 28 answer (most to the end), 4 only look.
    for (let index = 0; index < 32; index++) {
      const start = await visit(`/api/v1/bots/${publicId}/startChat`, {});
      if (index % 8 === 6) continue;
      const person = visitor(index);
      const say = (message) => visit(`/api/v1/sessions/${start.sessionId}/continueChat`, { message });
      await say(person.name);
      if (person.stage === "name") continue;
      await say(person.email);
      if (person.stage === "email") continue;
      await say(person.team);
    }
    // Spread over the last three weeks, newest first as they were made (the API stamps them now).
    const db = new Database(server.database);
    try {
      const ids = db.prepare("SELECT id FROM results WHERE botId = ? ORDER BY createdAt DESC, id").all(botId);
      const stamp = db.prepare("UPDATE results SET createdAt = ?, updatedAt = ? WHERE id = ?");
      const now = Date.now();
      ids.forEach(({ id }, index) => {
        const at = new Date(now - (index * 15 + 1) * 3_600_000 - index * 17 * 60_000).toISOString();
        stamp.run(at, at, id);
      });
    } finally {
      db.close();
    }
    // A teammate who signed up through her invitation, and a guest still invited.
    const { inviteUrl } = await api("POST", `/api/v1/workspaces/${workspaceId}/members`, {
      email: "grace@example.com",
      role: "MEMBER",
    });
    await visit("/api/auth/invitation", {
      token: new URL(inviteUrl).searchParams.get("invitation"),
      password: PASSWORD,
    });
    await api("POST", `/api/v1/workspaces/${workspaceId}/members`, { email: "linus@example.com", role: "GUEST" });

    console.log(`seeded at ${seconds()}`);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: VIEWPORT, locale: "en-US", timezoneId: "UTC" });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (error) => problems.push(error.message));
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const written = [];
    /** The viewport; with `fitTo`, only down to that element's bottom (no empty half page under short content). */
    const shoot = async (name, fitTo) => {
      const file = path.join(OUT_DIR, `${name}.png`);
      const box = fitTo ? await page.locator(fitTo).last().boundingBox() : null;
      const height = box ? Math.min(VIEWPORT.height, Math.ceil(box.y + box.height + 24)) : VIEWPORT.height;
      await page.screenshot({
        path: file,
        animations: "disabled",
        caret: "hide",
        clip: { x: 0, y: 0, width: VIEWPORT.width, height },
      });
      written.push({ name: path.relative(root, file), kb: fs.statSync(file).size / 1024, at: seconds() });
    };

    await page.goto(`${server.url}/login`);
    await page.getByLabel("E-mail").fill(server.owner.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Bots", exact: true }).waitFor();
    for (const name of ["Lead capture", "Support triage", "Newsletter sign-up"])
      await page.locator(".bot-card", { hasText: name }).waitFor();
    await shoot("bots", "main.page");

    await page.goto(`${server.url}/bots/${botId}/edit`);
    for (const title of ["Welcome", "Contact", "Thanks"])
      await page.locator(".react-flow__node", { hasText: title }).first().waitFor();
    // The whole flow in view (the canvas's own control; skipped if a later canvas names it otherwise).
    const fitView = page.getByRole("button", { name: "Fit View" });
    if ((await fitView.count()) > 0) await fitView.click();
    await shoot("editor");

    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const chat = page.frameLocator('[data-testid="preview-chat"] iframe');
    await chat.getByText("Hi there! I can book you a demo").waitFor();
    const input = chat.getByPlaceholder("Your name");
    await input.fill("Ada Lovelace");
    await input.press("Enter");
    await chat.getByText("Nice to meet you, Ada Lovelace!").waitFor();
    await chat.getByText("What is your work e-mail?").waitFor();
    await shoot("preview");

    await page.goto(`${server.url}/bots/${botId}/results?timeFilter=last30Days`);
    await page.locator('[data-testid="result-row"]').nth(27).waitFor();
    await shoot("results");

    await page.goto(`${server.url}/bots/${botId}/analytics?timeFilter=last30Days`);
    await page.getByRole("heading", { name: "Last 30 days", exact: true }).waitFor();
    await page.getByRole("list", { name: "Drop-offs per block" }).waitFor();
    await shoot("analytics", ".analytics-body > .card");

    await page.goto(`${server.url}/settings`);
    await page.getByRole("row", { name: /grace@example\.com/ }).waitFor();
    await page.getByRole("row", { name: /linus@example\.com/ }).waitFor();
    await page.getByRole("heading", { name: "Members" }).first().scrollIntoViewIfNeeded();
    await shoot("members");

    if (problems.length > 0) throw new Error(`the builder reported errors:\n${problems.join("\n")}`);
    for (const file of written)
      console.log(`${file.name.padEnd(32)} ${file.kb.toFixed(0).padStart(4)} KB   at ${file.at}`);
    console.log(`${written.length} screenshots in ${seconds()}`);
  } finally {
    await browser?.close();
    if (server.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
