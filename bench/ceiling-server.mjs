// The ceiling: a bare Fastify route answering a fixed JSON body of the size of a typical continueChat
// reply, measured with the same load generator on the same machine.
import Fastify from "fastify";

const size = Number(process.argv[2] ?? 400);
const filler = "x".repeat(Math.max(0, size - 60));
const body = { messages: [{ id: "t1", type: "text", content: { type: "richText", text: filler } }] };
const app = Fastify({ logger: false });
app.post("/ceiling", async () => body);
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port, bytes: JSON.stringify(body).length })}\n`);
