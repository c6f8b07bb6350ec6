import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { completionChunks } from "../../../src/integrations/openai/server-sent-events.js";

const event = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

async function collect(parts: string[]): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of completionChunks(Readable.from(parts.map((part) => Buffer.from(part))))) pieces.push(piece);
  return pieces;
}

describe("completionChunks", () => {
  it("yields each delta's text, even when events are split across network reads", async () => {
    const stream =
      event("Hel") +
      event("lo") +
      ": keep-alive comment\n\n" +
      `data: {"choices":[{"delta":{"role":"assistant"}}]}\n\n` +
      event(" wörld") +
      "data: [DONE]\n\n";
    const cut = [stream.slice(0, 10), stream.slice(10, 47), stream.slice(47)];
    expect(await collect(cut)).toEqual(["Hel", "lo", " wörld"]);
  });

  it("stops at [DONE] and ignores lines that are not JSON", async () => {
    expect(await collect([event("a"), "data: not json\n", "data: [DONE]\n", event("after")])).toEqual(["a"]);
  });

  it("reads a last event without a trailing newline", async () => {
    expect(await collect([event("a").trim()])).toEqual(["a"]);
  });
});
