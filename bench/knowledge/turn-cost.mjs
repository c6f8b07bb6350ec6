// The server CPU a Knowledge answer block adds to a chat turn, against a bare AI block calling the
// same model: two published bots on one server (a fresh embedded database), each a question box
// looping on its block; rounds of N turns on each, alternated, and the server process's CPU
// (/proc, bench/cpu.mjs) per turn. The model is a small OpenAI-compatible fake in this process, so
// its work is not counted; the knowledge base holds the judged corpus (41 Markdown files).
//   node scripts/build.mjs && node bench/knowledge/turn-cost.mjs [rounds=5] [turns=200]
// TURN_COST_DATABASE_URL=postgres://…/<empty database> runs it on PostgreSQL (its backends' CPU is not counted).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startParley } from "../bench-server.mjs";
import { cpuSnapshot, cpuSpent } from "../cpu.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const [rounds = "5", turns = "200"] = process.argv.slice(2);

/** The model: a non-streamed chat completion citing the first passage. */
const model = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: "c1",
        object: "chat.completion",
        created: 1,
        model: "bench",
        choices: [
          { index: 0, message: { role: "assistant", content: "It is in the docs [1]." }, finish_reason: "stop" },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  });
});
await new Promise((resolve) => model.listen(0, "127.0.0.1", resolve));
const modelUrl = `http://127.0.0.1:${model.address().port}/v1`;

const server = await startParley({
  env: {
    // A database of its own on PostgreSQL (created and dropped by the caller); else the embedded one.
    DATABASE_URL: process.env.TURN_COST_DATABASE_URL ?? "",
    PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1",
    PARLEY_KNOWLEDGE_POLL_MS: "50",
  },
});

try {
  const { url, token } = server;
  const call = async (method, route, body) => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${url}/api${route}`, {
      method,
      headers: {
        ...(route.includes("/sessions/") || route.includes("/startChat") ? {} : { authorization: `Bearer ${token}` }),
        ...(body && !isForm ? { "content-type": "application/json" } : {}),
      },
      body: isForm ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} → ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const { workspaces } = await call("GET", "/v1/workspaces");
  const workspaceId = workspaces[0].id;
  const { credentials } = await call("POST", `/v1/workspaces/${workspaceId}/credentials`, {
    type: "openai",
    name: "Bench model",
    data: { apiKey: "bench", baseUrl: modelUrl },
  });

  // The judged corpus, indexed (full text: the base has no embeddings source).
  const { knowledgeBase } = await call("POST", `/v1/workspaces/${workspaceId}/knowledgeBases`, { name: "Corpus" });
  const basePath = `/v1/workspaces/${workspaceId}/knowledgeBases/${knowledgeBase.id}`;
  const corpus = path.join(here, "corpus");
  const files = fs.readdirSync(corpus, { recursive: true }).filter((file) => String(file).endsWith(".md"));
  for (const file of files) {
    const form = new FormData();
    form.append(
      "file",
      new Blob([fs.readFileSync(path.join(corpus, file))], { type: "text/markdown" }),
      path.basename(file),
    );
    await call("POST", `${basePath}/documents`, form);
  }
  for (;;) {
    const { documents } = await call("GET", `${basePath}/documents`);
    if (documents.some((document) => document.status === "failed")) throw new Error("a corpus document failed");
    if (documents.every((document) => document.status === "ready")) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  /** A question box, then `block`, then back to the box: every continueChat is one turn through the block. */
  const loopBot = (name, block) => ({
    name,
    variables: [
      { id: "v-q", name: "Question" },
      { id: "v-a", name: "Answer" },
    ],
    groups: [
      {
        id: "g1",
        title: "Ask",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-q" } },
          { ...block, id: "answer", outgoingEdgeId: "e-loop" },
        ],
      },
    ],
    edges: [
      { id: "e0", from: { eventId: "start" }, to: { groupId: "g1" } },
      { id: "e-loop", from: { blockId: "answer" }, to: { groupId: "g1", blockId: "ask" } },
    ],
    events: [{ id: "start", type: "start", graphCoordinates: { x: -250, y: 0 }, outgoingEdgeId: "e0" }],
    settings: { typingEmulation: { enabled: false } },
  });
  const bots = {
    ai: loopBot("Bare AI", {
      type: "openai",
      options: {
        credentialsId: credentials.id,
        action: "Create chat completion",
        model: "bench",
        messages: [{ role: "user", content: "{{Question}}" }],
        responseMapping: [{ item: "Message content", variableId: "v-a" }],
      },
    }),
    knowledge: loopBot("Knowledge answer", {
      type: "knowledge answer",
      items: [{ id: "no-match" }],
      options: {
        knowledgeBaseId: knowledgeBase.id,
        threshold: 0,
        credentialsId: credentials.id,
        model: "bench",
        answerVariableId: "v-a",
      },
    }),
  };
  const publicIds = {};
  for (const [name, bot] of Object.entries(bots)) {
    const created = await call("POST", "/v1/bots", { workspaceId, bot });
    publicIds[name] = (await call("POST", `/v1/bots/${created.bot.id}/publish`)).publicId;
  }

  const { questions } = JSON.parse(fs.readFileSync(path.join(here, "questions.json"), "utf8"));
  async function runTurns(name, count) {
    const { sessionId } = await call("POST", `/v1/bots/${publicIds[name]}/startChat`, {});
    for (let turn = 0; turn < count; turn++) {
      const reply = await call("POST", `/v1/sessions/${sessionId}/continueChat`, {
        message: questions[turn % questions.length].question,
      });
      if (name === "knowledge" && !JSON.stringify(reply.messages).includes("Sources:"))
        throw new Error(`no sources shown: ${JSON.stringify(reply)}`);
    }
  }
  const cpu = { pids: [server.child.pid] };
  // Warm up both (JIT, caches).
  await runTurns("ai", 20);
  await runTurns("knowledge", 20);
  const figures = { ai: [], knowledge: [] };
  for (let round = 0; round < Number(rounds); round++) {
    for (const name of round % 2 ? ["knowledge", "ai"] : ["ai", "knowledge"]) {
      const start = await cpuSnapshot(cpu);
      await runTurns(name, Number(turns));
      const spent = await cpuSpent(cpu, start);
      figures[name].push({ cpuMs: (spent.server * 1000) / Number(turns), wallMs: spent.windowMs / Number(turns) });
    }
    console.log(
      `round ${round + 1}: bare AI ${figures.ai.at(-1).cpuMs.toFixed(2)} ms/turn, knowledge answer ${figures.knowledge.at(-1).cpuMs.toFixed(2)} ms/turn`,
    );
  }
  const median = (list) => list.slice().sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const ai = median(figures.ai.map((figure) => figure.cpuMs));
  const knowledge = median(figures.knowledge.map((figure) => figure.cpuMs));
  const paired = median(figures.knowledge.map((figure, index) => figure.cpuMs / figures.ai[index].cpuMs));
  console.log(
    JSON.stringify({
      chunks: (await call("GET", basePath)).knowledgeBase.chunkCount,
      documents: files.length,
      turnsPerRound: Number(turns),
      rounds: Number(rounds),
      aiCpuMsPerTurn: ai,
      knowledgeCpuMsPerTurn: knowledge,
      addedCpuMsPerTurn: knowledge - ai,
      ratio: knowledge / ai,
      pairedRatio: paired,
      loadAverage: os.loadavg(),
    }),
  );
} finally {
  await server.stop();
  model.close();
}
