import { createParser } from "eventsource-parser";
import type { AiUsage } from "../../engine/ports.js";

/** One event of a Dify chat-messages stream (`data:` lines holding JSON with an `event` field). */
export type DifyEvent = {
  event?: string;
  answer?: unknown;
  conversation_id?: unknown;
  metadata?: { usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown } };
  status?: unknown;
  code?: unknown;
  message?: unknown;
};

/** The events of a server-sent events body, in order; lines that are not JSON are passed over. */
export async function* difyEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<DifyEvent> {
  const pending: DifyEvent[] = [];
  const parser = createParser({
    onEvent(event) {
      try {
        const data = JSON.parse(event.data) as unknown;
        if (data && typeof data === "object") pending.push({ event: event.event, ...(data as DifyEvent) });
      } catch {
        // Keep-alive comments and anything else that is not an event of the answer.
      }
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    while (pending.length > 0) yield pending.shift() as DifyEvent;
  }
}

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** The token counts of a `message_end` event. */
export function difyUsage(event: DifyEvent): AiUsage {
  const usage = event.metadata?.usage;
  const total = count(usage?.total_tokens);
  const prompt = count(usage?.prompt_tokens);
  const completion = count(usage?.completion_tokens);
  return {
    ...(total !== undefined ? { totalTokens: total } : {}),
    ...(prompt !== undefined ? { promptTokens: prompt } : {}),
    ...(completion !== undefined ? { completionTokens: completion } : {}),
  };
}
