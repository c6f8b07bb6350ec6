import type { Readable } from "node:stream";

/**
 * The text pieces of an OpenAI-compatible streamed completion: each `data:` event carries a chunk
 * whose `choices[0].delta.content` is the next piece; `data: [DONE]` ends the stream.
 */
export async function* completionChunks(body: Readable, onActivity: () => void = () => {}): AsyncGenerator<string> {
  let buffer = "";
  body.setEncoding("utf8");
  for await (const part of body) {
    onActivity();
    buffer += part as string;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      const piece = pieceOf(line);
      if (piece === DONE) return;
      if (piece) yield piece;
    }
  }
  const piece = pieceOf(buffer.trim());
  if (piece && piece !== DONE) yield piece;
}

const DONE = Symbol("done");

function pieceOf(line: string): string | typeof DONE | undefined {
  if (!line.startsWith("data:")) return undefined;
  const data = line.slice(5).trim();
  if (data === "[DONE]") return DONE;
  try {
    const content = (JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] }).choices?.[0]?.delta
      ?.content;
    return typeof content === "string" && content !== "" ? content : undefined;
  } catch {
    return undefined;
  }
}
