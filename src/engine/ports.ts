import type { RuntimeBot } from "./runtime-bot.js";

/**
 * Everything the engine may ask of the outside world. The engine never imports node:*, the store or
 * the HTTP layer: the services hand it these small shapes, and tests hand it fakes. Ports other than
 * the clock and the random source are optional: a block whose port is missing logs that it cannot run.
 */
export type Clock = { now(): Date };
export type RandomSource = {
  /** A fresh collision-resistant id. */
  id(): string;
  /** Uniform in [0, 1). */
  number(): number;
};

/** Runs bot-authored JavaScript in an isolated sandbox (never in the server's own realm). */
export type SandboxPort = {
  run(request: {
    code: string;
    /** Globals visible to the code, by identifier (variable ids), already type-guessed. */
    globals: Record<string, unknown>;
    /** "expression": the value of an expression or a function body; "script": a Code block. */
    kind: "expression" | "script";
  }): Promise<{ ok: true; value: unknown; setVariables: { name: string; value: unknown }[] } | { ok: false; error: string }>;
};

export type HttpRequest = { url: string; method: string; headers: Record<string, string>; body?: string; timeoutMs: number };
export type HttpResponse = { statusCode: number; data: unknown };
/** Outgoing HTTP with the SSRF guard applied by the implementation. */
export type HttpPort = { request(request: HttpRequest): Promise<HttpResponse> };

export type MailMessage = {
  credentialsId?: string;
  from?: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  replyTo?: string;
  subject: string;
  text?: string;
  html?: string;
};
export type MailerPort = { send(message: MailMessage, workspaceId: string): Promise<void> };

export type ChatCompletionRequest = {
  credentialsId?: string;
  baseUrl?: string;
  model: string;
  messages: { role: "system" | "user" | "assistant"; content: string }[];
  temperature?: number;
};
export type ChatCompletionPort = {
  complete(request: ChatCompletionRequest, workspaceId: string): Promise<{ content: string; usage?: { totalTokens?: number; promptTokens?: number; completionTokens?: number } }>;
};

/** Bots linked from a Bot link block: the published version in a live chat, the draft in a preview. */
export type BotLoaderPort = { load(botId: string, mode: "live" | "preview"): Promise<RuntimeBot | undefined> };

export type EnginePorts = {
  clock: Clock;
  random: RandomSource;
  sandbox?: SandboxPort;
  http?: HttpPort;
  mailer?: MailerPort;
  chatCompletion?: ChatCompletionPort;
  bots?: BotLoaderPort;
};
