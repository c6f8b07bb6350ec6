/** A client of a session's server-sent events (GET /api/v1/sessions/:id/events), over real HTTP. */
export type ReceivedEvent = { event: string; data: any };

export type EventsClient = {
  status: number;
  /** The answer's JSON when the stream was refused. */
  body?: any;
  /** Resolves with the next event (in order of arrival), or undefined when the stream ended. */
  next(): Promise<ReceivedEvent | undefined>;
  /** The next event that is not a heartbeat (`waiting`, `ping`). */
  nextNews(): Promise<ReceivedEvent | undefined>;
  close(): void;
};

export function openSessionEvents(
  baseUrl: string,
  sessionId: string,
  blockId: string,
  headers: Record<string, string> = {},
): Promise<EventsClient> {
  return openEventStream(`${baseUrl}/v1/sessions/${sessionId}/events?blockId=${encodeURIComponent(blockId)}`, headers);
}

/** Heartbeats: the session stream's `waiting`, the Inbox stream's `ping`. */
const HEARTBEATS = new Set(["waiting", "ping"]);

/** Any server-sent events answer (the Inbox's too), read event by event. */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventsClient> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers });
  if (!response.ok || !response.body)
    return {
      status: response.status,
      body: await response.json(),
      next: async () => undefined,
      nextNews: async () => undefined,
      close: () => undefined,
    };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  async function next(): Promise<ReceivedEvent | undefined> {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
        );
        if (!fields.event) continue; // the retry hint
        return { event: fields.event, data: JSON.parse(fields.data ?? "null") };
      }
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return undefined;
      buffer += chunk.value;
    }
  }
  return {
    status: response.status,
    next,
    async nextNews() {
      for (;;) {
        const received = await next();
        if (!received || !HEARTBEATS.has(received.event)) return received;
      }
    },
    close: () => controller.abort(),
  };
}
