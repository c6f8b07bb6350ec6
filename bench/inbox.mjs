// Human takeover, the operator side (issue 34): (1) latency from an operator's reply (the POST) to the
// visitor's events stream receiving it, one instance on the embedded database and, with DATABASE_URL,
// two instances on PostgreSQL (visitor on A, operator on B); (2) 500 chats waiting and 20 Inbox streams
// open: the Inbox list's p50/p99 and the server's memory. Runs the built server (`node scripts/build.mjs`).
//
//   node bench/inbox.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/inbox.mjs
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const REPLIES = Number(process.env.BENCH_REPLIES ?? 200);
const WAITING = Number(process.env.BENCH_WAITING ?? 500);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 20);
const LISTS = Number(process.env.BENCH_LISTS ?? 300);

const bot = {
  name: "Bench support",
  events: [{ id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g1",
      title: "Hand off",
      graphCoordinates: { x: 200, y: 0 },
      blocks: [
        { id: "t1", type: "text", content: { richText: [{ type: "p", children: [{ text: "Hello" }] }] } },
        { id: "handoff", type: "hand off", options: { waitingMessage: "A person will be with you shortly" } },
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g1" } }],
  variables: [],
  theme: {},
  settings: {},
};

function startServer(env) {
  const child = spawn(process.execPath, ["bin/parley.js", "start"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      PORT: "0",
      PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
      PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "0",
      PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0",
      PARLEY_EVENT_STREAMS_PER_ADDRESS: "1000",
      ...env,
    },
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const url = /Parley is running at (\S+)/.exec(output)?.[1];
      if (url && (/pat_\S+/.test(output) || env.SECOND)) {
        child.stdout.off("data", onData);
        resolve({
          url,
          token: /^ {2}(pat_\S+)$/m.exec(output)?.[1],
          pid: child.pid,
          stop: () => child.kill("SIGTERM"),
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${output}`)));
    setTimeout(() => onData(""), 3000).unref();
  });
}

async function call(base, token, method, url, body) {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Server-sent events as an async queue of { event, data, at }. */
async function openStream(url, headers = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (!response.ok) throw new Error(`${url} → ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const waiting = [];
  const queued = [];
  (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true }));
      if (chunk.done) return;
      const at = performance.now();
      buffer += chunk.value;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block.split("\n").map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]),
        );
        if (!fields.event) continue;
        const item = { event: fields.event, data: JSON.parse(fields.data ?? "null"), at };
        const next = waiting.shift();
        if (next) next(item);
        else queued.push(item);
      }
    }
  })();
  return {
    next: () => (queued.length ? Promise.resolve(queued.shift()) : new Promise((resolve) => waiting.push(resolve))),
    close: () => controller.abort(),
  };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;
const rssMiB = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: (kb("VmRSS") / 1024).toFixed(0), peak: (kb("VmHWM") / 1024).toFixed(0) };
};

async function setUp(visitorSide, operatorSide) {
  const token = visitorSide.token;
  const { workspaces } = await call(operatorSide.url, token, "GET", "/v1/workspaces");
  const workspaceId = workspaces[0].id;
  const created = await call(operatorSide.url, token, "POST", "/v1/bots", { workspaceId, bot });
  const { publicId } = await call(operatorSide.url, token, "POST", `/v1/bots/${created.bot.id}/publish`);
  return { token, workspaceId, publicId };
}

async function replyLatency(visitorSide, operatorSide, label) {
  const { token, workspaceId, publicId } = await setUp(visitorSide, operatorSide);
  const started = await call(visitorSide.url, undefined, "POST", `/v1/bots/${publicId}/startChat`, {});
  const stream = await openStream(`${visitorSide.url}/api/v1/sessions/${started.sessionId}/events?blockId=handoff`);
  const inbox = `/v1/workspaces/${workspaceId}/inbox`;
  const { chats } = await call(operatorSide.url, token, "GET", inbox);
  const handoffId = chats.find((chat) => chat.sessionId === started.sessionId).id;
  await call(operatorSide.url, token, "POST", `${inbox}/${handoffId}/take`);
  const latencies = [];
  for (let index = 0; index < REPLIES; index++) {
    const sent = performance.now();
    const { message } = await call(operatorSide.url, token, "POST", `${inbox}/${handoffId}/messages`, {
      text: `Reply ${index}`,
    });
    for (;;) {
      const item = await stream.next();
      if (item.event === "operator" && item.data.id === message.id) {
        latencies.push(item.at - sent);
        break;
      }
    }
  }
  stream.close();
  console.log(
    `${label}: reply → visitor's stream, ${REPLIES} replies one after another: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))}`,
  );
}

async function inboxLoad(server, label) {
  const { token, workspaceId, publicId } = await setUp(server, server);
  const inbox = `/v1/workspaces/${workspaceId}/inbox`;
  const before = rssMiB(server.pid);
  const streams = await Promise.all(
    Array.from({ length: STREAMS }, () =>
      openStream(`${server.url}/api${inbox}/events`, { authorization: `Bearer ${token}` }),
    ),
  );
  for (const stream of streams) await stream.next();
  const startedAt = performance.now();
  for (let done = 0; done < WAITING; done += 10)
    await Promise.all(
      Array.from({ length: Math.min(10, WAITING - done) }, () =>
        call(server.url, undefined, "POST", `/v1/bots/${publicId}/startChat`, {}),
      ),
    );
  const startSeconds = (performance.now() - startedAt) / 1000;
  const lists = [];
  let listed = 0;
  for (let index = 0; index < LISTS; index++) {
    const sent = performance.now();
    listed = (await call(server.url, token, "GET", inbox)).chats.length;
    lists.push(performance.now() - sent);
  }
  const after = rssMiB(server.pid);
  for (const stream of streams) stream.close();
  console.log(
    `${label}: ${WAITING} chats handed off in ${startSeconds.toFixed(1)} s with ${STREAMS} Inbox streams open; GET inbox (${listed} listed) ×${LISTS}: p50 ${ms(percentile(lists, 50))}, p99 ${ms(percentile(lists, 99))}; server RSS ${before.rss} MiB before → ${after.rss} MiB after (peak ${after.peak} MiB)`,
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-inbox-bench-"));
const embedded = await startServer({ PARLEY_DATA_DIR: dataDir, DATABASE_URL: "" });
try {
  await replyLatency(embedded, embedded, "embedded database, one instance");
  await inboxLoad(embedded, "embedded database");
} finally {
  embedded.stop();
}

if (process.env.DATABASE_URL) {
  const name = `parley_inbox_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    PARLEY_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "parley-inbox-pg-")),
  };
  const a = await startServer(env);
  const b = await startServer({ ...env, SECOND: "1" });
  try {
    await replyLatency(a, b, "PostgreSQL, two instances (visitor on A, operator on B)");
    await inboxLoad(a, "PostgreSQL");
  } finally {
    a.stop();
    b.stop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}
