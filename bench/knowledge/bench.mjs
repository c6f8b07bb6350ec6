// Retrieval quality of a running Parley over HTTP, on the judged corpus: creates a knowledge base,
// uploads every corpus document (one request each), waits until all are indexed, asks the 100+ judged
// questions through POST …/search and prints recall@5 and nDCG@10 (see metrics.mjs).
//
//   PARLEY_URL=http://127.0.0.1:3000 PARLEY_TOKEN=<API token> PARLEY_WORKSPACE=<workspace id> \
//     node bench/knowledge/bench.mjs [--embeddings <baseUrl> <model>]
//
// With --embeddings, an OpenAI credential for that address is created and the base uses it; every
// question is then asked in each search mode (fulltext, vector, hybrid) on the same base. Sources:
// `node bench/knowledge/embeddings-server.mjs local|fake`. The base and credential are deleted at the end.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { evaluate } from "./metrics.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const { PARLEY_URL = "http://127.0.0.1:3000", PARLEY_TOKEN, PARLEY_WORKSPACE } = process.env;
if (!PARLEY_TOKEN || !PARLEY_WORKSPACE) {
  console.error("Set PARLEY_TOKEN and PARLEY_WORKSPACE (and PARLEY_URL unless http://127.0.0.1:3000).");
  process.exit(2);
}
const bases = `${PARLEY_URL}/api/v1/workspaces/${PARLEY_WORKSPACE}/knowledgeBases`;
const auth = { authorization: `Bearer ${PARLEY_TOKEN}` };

async function call(method, url, body) {
  const isForm = body instanceof FormData;
  const response = await fetch(url, {
    method,
    headers: isForm || body === undefined ? auth : { ...auth, "content-type": "application/json" },
    body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

function corpusFiles() {
  const root = path.join(here, "corpus");
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".md")) files.push(path.relative(root, full).split(path.sep).join("/"));
    }
  };
  walk(root);
  return files.sort();
}

const { questions } = JSON.parse(readFileSync(path.join(here, "questions.json"), "utf8"));
const embeddingsAt = process.argv.indexOf("--embeddings");
const name = `bench ${new Date().toISOString()}`;
// An embeddings source is a workspace credential (an OpenAI-compatible one) at the given address.
const credentials =
  embeddingsAt > 0
    ? (
        await call("POST", `${PARLEY_URL}/api/v1/workspaces/${PARLEY_WORKSPACE}/credentials`, {
          type: "openai",
          name: `${name} embeddings`,
          data: { apiKey: "bench", baseUrl: process.argv[embeddingsAt + 1] },
        })
      ).credentials
    : undefined;
const { knowledgeBase } = await call("POST", bases, {
  name,
  ...(credentials ? { embeddings: { credentialsId: credentials.id, model: process.argv[embeddingsAt + 2] } } : {}),
});
const base = `${bases}/${knowledgeBase.id}`;
try {
  // The document ids the server gives, back to the corpus paths the judgments name.
  const pathOf = new Map();
  const started = performance.now();
  for (const file of corpusFiles()) {
    const form = new FormData();
    const bytes = readFileSync(path.join(here, "corpus", file));
    form.append("file", new Blob([bytes], { type: "text/markdown" }), file.replaceAll("/", "__"));
    const { documents } = await call("POST", `${base}/documents`, form);
    pathOf.set(documents[0].id, file);
  }
  for (;;) {
    const { documents } = await call("GET", `${base}/documents`);
    const failed = documents.filter((document) => document.status === "failed");
    if (failed.length > 0) throw new Error(`Not indexed: ${failed.map((d) => `${d.name}: ${d.error}`).join("; ")}`);
    if (documents.every((document) => document.status === "ready")) {
      const chunks = documents.reduce((sum, document) => sum + document.chunkCount, 0);
      console.log(
        `${documents.length} documents, ${chunks} chunks indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // With an embeddings source, each mode on the same base; the question's embedding call is included.
  for (const searchMode of embeddingsAt > 0 ? ["fulltext", "vector", "hybrid"] : ["fulltext"]) {
    const latencies = [];
    const result = await evaluate(questions, async (query) => {
      const asked = performance.now();
      const { hits } = await call("POST", `${base}/search`, { query, limit: 10, searchMode });
      latencies.push(performance.now() - asked);
      return hits.map((hit) => ({ document: pathOf.get(hit.documentId), headingPath: hit.headingPath }));
    });
    latencies.sort((a, b) => a - b);
    const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))].toFixed(1);
    console.log(
      `${searchMode}: ${result.questions} questions, recall@5 ${result.recallAt5.toFixed(3)}, ` +
        `nDCG@10 ${result.ndcgAt10.toFixed(3)}; search p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (over HTTP)`,
    );
    const misses = result.perQuestion.filter((row) => row.recallAt5 === 0).map((row) => row.id);
    console.log(`No judged section in the top 5: ${misses.join(", ") || "none"}`);
  }
} finally {
  await call("DELETE", base);
  if (credentials)
    await call("DELETE", `${PARLEY_URL}/api/v1/workspaces/${PARLEY_WORKSPACE}/credentials/${credentials.id}`);
}
