import http from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, any>;
export type FakeRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json?: Json;
};

export const FAKE_KEY = "sk-fake-key";
/** Bytes the fake serves as "audio" and answers for speech. */
export const FAKE_AUDIO = Buffer.from("ID3-fake-mp3-bytes");

/**
 * Model names that make the fakes misbehave: an HTTP error, a 429 once (with Retry-After), a body
 * that is not JSON, or no answer at all.
 */
export const failingModels = {
  "fail-404": 404,
  "fail-500": 500,
  "fail-429-once": 429,
  "fail-429-always": 429,
} as const;

async function start(handler: (request: FakeRequest, response: http.ServerResponse) => void) {
  const received: FakeRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: Json | undefined;
      try {
        json = JSON.parse(body) as Json;
      } catch {
        json = undefined;
      }
      const entry = { method: request.method ?? "GET", path: request.url ?? "/", headers: request.headers, body, json };
      received.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}`,
    /** Requests to one path since `from`. */
    calls: (path: string, from = 0) => received.slice(from).filter((entry) => entry.path.startsWith(path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const send = (response: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(value));
};

/** A value for each property of a JSON schema, as a model doing structured output would give. */
export function sampleOf(schema: Json): unknown {
  if (schema.anyOf) return sampleOf(schema.anyOf[0]);
  if (schema.enum) return schema.enum.at(-1);
  if (schema.type === "object")
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleOf(value as Json)]),
    );
  if (schema.type === "array") return ["first", "second"];
  if (schema.type === "number" || schema.type === "integer") return 42;
  if (schema.type === "boolean") return true;
  return "Ann";
}

const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content
          .map((part: Json) =>
            part.type === "text" ? part.text : part.type === "image_url" ? "[image]" : `[${part.type}]`,
          )
          .join(" ")
      : "";

/** Words of an answer, as a streaming model sends them. */
const pieces = (text: string) => text.match(/\S+\s*/g) ?? [text];

/** Answers to a misbehaving model, or undefined when the model is a normal one. */
function misbehave(model: string, response: http.ServerResponse, counts: Map<string, number>): boolean {
  const seen = (counts.get(model) ?? 0) + 1;
  counts.set(model, seen);
  if (model === "fail-404") {
    send(response, 404, { error: { message: "The model does not exist" } });
    return true;
  }
  if (model === "fail-500") {
    send(response, 500, { error: { message: "Internal server error" } });
    return true;
  }
  if (model === "fail-429-always") {
    send(response, 429, { error: { message: "Rate limit reached" } }, { "retry-after": "30" });
    return true;
  }
  if (model === "fail-429-once" && seen % 2 === 1) {
    send(response, 429, { error: { message: "Rate limit reached" } }, { "retry-after": "0" });
    return true;
  }
  if (model === "malformed") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end("this is not JSON");
    return true;
  }
  if (model === "silent") return true;
  return false;
}

/**
 * A local server speaking the OpenAI API: chat completions (JSON or server-sent events, tool calls,
 * JSON output), the Responses API (function calls), Assistants, speech, transcriptions, a models list,
 * and an audio file to transcribe. Chat answers are "You said: <last user message>".
 */
export async function fakeOpenAi(options: { delayMs?: number; key?: string } = {}) {
  const key = options.key ?? FAKE_KEY;
  const counts = new Map<string, number>();
  let responseCount = 0;
  return start((request, response) => {
    const { path, json } = request;
    if (request.method === "GET" && path === "/audio.mp3") {
      response.writeHead(200, { "content-type": "audio/mpeg" });
      return response.end(FAKE_AUDIO);
    }
    if (request.method === "HEAD" && path.startsWith("/image")) {
      response.writeHead(200, { "content-type": "image/png" });
      return response.end();
    }
    // A models list asked with a key checks it (the credentials' Test); one asked without any answers.
    const wrongKey = request.headers.authorization !== undefined && request.headers.authorization !== `Bearer ${key}`;
    if (path === "/v1/models" && request.method === "GET" && !wrongKey)
      return send(response, 200, { object: "list", data: [{ id: "model-b" }, { id: "model-a" }] });
    if (request.headers.authorization !== `Bearer ${key}`)
      return send(response, 401, { error: { message: "Incorrect API key provided" } });
    const model = String(json?.model ?? "");
    if (path === "/v1/chat/completions") {
      if (misbehave(model, response, counts)) return;
      const messages = (json?.messages ?? []) as Json[];
      const last = messages.at(-1);
      const id = "chatcmpl-1";
      let message: Json;
      if (json?.tools?.length && last?.role !== "tool") {
        const tool = json.tools[0].function;
        message = {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "call_1",
              type: "function",
              function: { name: tool.name, arguments: JSON.stringify(sampleOf(tool.parameters)) },
            },
          ],
        };
      } else if (last?.role === "tool") message = { role: "assistant", content: `The tool answered: ${last.content}` };
      else if (json?.response_format?.type) {
        const schema =
          json.response_format.json_schema?.schema ??
          JSON.parse(
            String(messages.find((entry) => entry.role === "system")?.content ?? "").split("JSON schema: ")[1] ?? "{}",
          );
        message = { role: "assistant", content: JSON.stringify(sampleOf(schema)) };
      } else
        message = {
          role: "assistant",
          content: `You said: ${textOf([...messages].reverse().find((entry) => entry.role === "user")?.content)}`,
        };
      const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
      if (!json?.stream)
        return send(response, 200, {
          id,
          object: "chat.completion",
          created: 1,
          model,
          choices: [{ index: 0, message, finish_reason: message.tool_calls ? "tool_calls" : "stop" }],
          usage,
        });
      response.writeHead(200, { "content-type": "text/event-stream" });
      const events: Json[] = message.tool_calls
        ? [
            {
              choices: [
                {
                  index: 0,
                  delta: {
                    role: "assistant",
                    tool_calls: message.tool_calls.map((call: Json, index: number) => ({ index, ...call })),
                  },
                },
              ],
            },
            { choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
          ]
        : [
            ...pieces(message.content).map((piece) => ({ choices: [{ index: 0, delta: { content: piece } }] })),
            { choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
          ];
      if (json.stream_options?.include_usage) events.push({ choices: [], usage });
      let index = 0;
      const timer = setInterval(() => {
        if (index < events.length)
          return void response.write(
            `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 1, model, ...events[index++] })}\n\n`,
          );
        clearInterval(timer);
        response.end("data: [DONE]\n\n");
      }, options.delayMs ?? 15);
      return;
    }
    if (path === "/v1/responses") {
      if (misbehave(model, response, counts)) return;
      const input = json?.input as Json[] | undefined;
      const hasOutput = input?.some((item) => item.type === "function_call_output");
      const functions = (json?.tools ?? []).filter((tool: Json) => tool.type === "function");
      const id = `resp_${++responseCount}`;
      const base = {
        id,
        object: "response",
        created_at: 1,
        model,
        status: "completed",
        incomplete_details: null,
        usage: { input_tokens: 5, output_tokens: 3, total_tokens: 8 },
      };
      if (functions.length && !hasOutput)
        return send(response, 200, {
          ...base,
          output: [
            {
              type: "function_call",
              id: "fc_1",
              call_id: "call_1",
              name: functions[0].name,
              arguments: JSON.stringify(sampleOf(functions[0].parameters)),
              status: "completed",
            },
          ],
        });
      const userText = (input ?? [])
        .filter((item) => item.role === "user")
        .map((item) => textOf((item.content as Json[]).map((part) => ({ type: "text", text: part.text }))))
        .join(" ");
      const toolText = (input ?? [])
        .filter((item) => item.type === "function_call_output")
        .map((item) => item.output)
        .join(" ");
      const text = `Model says: ${userText}${toolText ? ` / tool: ${toolText}` : ""}${json?.previous_response_id ? ` (after ${json.previous_response_id})` : ""}`;
      return send(response, 200, {
        ...base,
        output: [
          {
            type: "message",
            id: "msg_1",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text, annotations: [] }],
          },
        ],
      });
    }
    if (path === "/v1/audio/speech") {
      if (misbehave(model, response, counts)) return;
      response.writeHead(200, { "content-type": "audio/mpeg" });
      return response.end(FAKE_AUDIO);
    }
    if (path === "/v1/audio/transcriptions") {
      const size = request.body.includes(FAKE_AUDIO.toString("utf8")) ? FAKE_AUDIO.length : 0;
      return send(response, 200, { text: `Transcribed ${size} bytes` });
    }
    if (path === "/v1/threads" && request.method === "POST") return send(response, 200, { id: "thread_1" });
    if (/^\/v1\/threads\/[^/]+\/messages$/.test(path) && request.method === "POST")
      return send(response, 200, { id: "msg_1" });
    if (/^\/v1\/threads\/[^/]+\/runs$/.test(path))
      return send(response, 200, {
        id: "run_1",
        status: "requires_action",
        required_action: {
          submit_tool_outputs: {
            tool_calls: [{ id: "tc_1", function: { name: "lookup", arguments: '{"city":"Paris"}' } }],
          },
        },
      });
    if (/\/runs\/run_1\/submit_tool_outputs$/.test(path))
      return send(response, 200, { id: "run_1", status: "in_progress" });
    if (/\/runs\/run_1$/.test(path)) return send(response, 200, { id: "run_1", status: "completed" });
    if (/^\/v1\/threads\/[^/]+\/messages\?/.test(path))
      return send(response, 200, {
        data: [{ role: "assistant", content: [{ type: "text", text: { value: "Assistant says hi【4:0†source】" } }] }],
      });
    send(response, 404, { error: { message: `No route ${request.method} ${path}` } });
  });
}

/** A local server speaking Anthropic's Messages API (JSON or streamed events; a `json` tool for structured output). */
export async function fakeAnthropic(options: { delayMs?: number } = {}) {
  const counts = new Map<string, number>();
  return start((request, response) => {
    const { path, json } = request;
    if (path !== "/v1/messages")
      return send(response, 404, { type: "error", error: { type: "not_found_error", message: "Not found" } });
    if (request.headers["x-api-key"] !== FAKE_KEY)
      return send(response, 401, {
        type: "error",
        error: { type: "authentication_error", message: "invalid x-api-key" },
      });
    const model = String(json?.model ?? "");
    if (misbehave(model, response, counts)) return;
    const usage = { input_tokens: 9, output_tokens: 4 };
    const jsonTool = (json?.tools ?? []).find((tool: Json) => tool.name === "json");
    const lastUser = [...((json?.messages ?? []) as Json[])].reverse().find((entry) => entry.role === "user");
    const system = Array.isArray(json?.system)
      ? json.system.map((part: Json) => part.text).join(" ")
      : (json?.system ?? "");
    const text = `Claude heard: ${textOf(lastUser?.content)}${system ? ` (system: ${system})` : ""}`;
    const base = { id: "msg_1", type: "message", role: "assistant", model, stop_sequence: null, usage };
    if (jsonTool)
      return send(response, 200, {
        ...base,
        content: [{ type: "tool_use", id: "toolu_1", name: "json", input: sampleOf(jsonTool.input_schema) }],
        stop_reason: "tool_use",
      });
    if (!json?.stream)
      return send(response, 200, { ...base, content: [{ type: "text", text }], stop_reason: "end_turn" });
    response.writeHead(200, { "content-type": "text/event-stream" });
    const events: [string, Json][] = [
      ["message_start", { type: "message_start", message: { ...base, content: [], stop_reason: null } }],
      ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
      ...pieces(text).map((piece): [string, Json] => [
        "content_block_delta",
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } },
      ]),
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      [
        "message_delta",
        { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 4 } },
      ],
      ["message_stop", { type: "message_stop" }],
    ];
    let index = 0;
    const timer = setInterval(() => {
      if (index < events.length) {
        const [name, data] = events[index++];
        return void response.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      }
      clearInterval(timer);
      response.end();
    }, options.delayMs ?? 15);
  });
}

/** A recording HTTP server on 127.0.0.1, for the fakes of other services. */
export { start as startFakeServer, send as sendFakeJson };
