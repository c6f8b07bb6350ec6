import { expect } from "vitest";
import { createClient, type ApiResponse } from "./http-client.js";
import { startTestServer, type TestServer } from "./test-server.js";

/**
 * Scripted conversations over real HTTP: build a small v6 bot, publish it, then start, answer and
 * read back what the server stored (result flags, variables, answers, logs).
 */

type Json = Record<string, any>;

export type StoredResult = {
  id: string;
  hasStarted: boolean;
  isCompleted: boolean;
  variables: Record<string, unknown>;
};
export type StoredAnswer = { blockId: string; content: string; attachedFileUrls?: string[] };

export type Conversation = {
  botId: string;
  publicId: string;
  sessionId: string | undefined;
  resultId: string | undefined;
  /** startChat; expects 200 and remembers the session and result ids. */
  start(body?: Json): Promise<Json>;
  /** continueChat with a message (string or message object); expects 200. */
  send(message?: unknown, extra?: Json): Promise<Json>;
  /** continueChat without any expectation on the status. */
  sendRaw(message?: unknown, extra?: Json): Promise<ApiResponse>;
  /** The result row of the last start, flags as booleans and variables by name. */
  result(): Promise<StoredResult>;
  /** Stored answers of the last start's result, in answer order. */
  answers(): Promise<StoredAnswer[]>;
  logs(): Promise<{ status: string; description: string }[]>;
};

export type ChatHarness = {
  server: TestServer;
  workspaceId: string;
  /** The workspace owner's bearer token (for requests the JSON client cannot send, as uploads). */
  token: string;
  api: ReturnType<typeof createClient>;
  chat: ReturnType<typeof createClient>;
  /** Creates and publishes the bot, then hands back a conversation on it. */
  conversation(bot: Json): Promise<Conversation>;
  /** A preview start with the bot in the body (no result is stored). */
  preview(bot: Json, body?: Json): Promise<{ start: ApiResponse; send(message?: unknown): Promise<ApiResponse> }>;
  close(): Promise<void>;
};

/** Without `env`, on the worker's shared server; `own` as for startTestServer. */
export async function createChatHarness(
  env: Record<string, string> = {},
  options: { own?: boolean } = {},
): Promise<ChatHarness> {
  const server = await startTestServer(env, options);
  const user = await server.createUser();
  const api = createClient(server.baseUrl, user.token);
  const chat = createClient(server.baseUrl);
  const db = server.ctx.store.db;
  const continueUrl = (sessionId: string | undefined) => `/v1/sessions/${sessionId}/continueChat`;
  const messageBody = (message: unknown, extra: Json = {}) => (message === undefined ? extra : { message, ...extra });

  async function conversation(bot: Json): Promise<Conversation> {
    const created = await api.post("/v1/bots", { workspaceId: user.workspaceId, bot });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const botId = created.body.bot.id as string;
    const published = await api.post(`/v1/bots/${botId}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const publicId = published.body.publicId as string;

    const self: Conversation = {
      botId,
      publicId,
      sessionId: undefined,
      resultId: undefined,
      async start(body = {}) {
        const response = await chat.post(`/v1/bots/${publicId}/startChat`, body);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        self.sessionId = response.body.sessionId;
        // Named on every public start, also when the chat ended at once or was only registered.
        self.resultId = response.body.resultId;
        return response.body;
      },
      async send(message, extra) {
        const response = await chat.post(continueUrl(self.sessionId), messageBody(message, extra));
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return response.body;
      },
      sendRaw: (message, extra) => chat.post(continueUrl(self.sessionId), messageBody(message, extra)),
      async result() {
        const row = await db
          .selectFrom("results")
          .selectAll()
          .where("id", "=", await resultIdOf(self))
          .executeTakeFirstOrThrow();
        const variables = Object.fromEntries(
          (JSON.parse(row.variables) as { name: string; value: unknown }[]).map((v) => [v.name, v.value]),
        );
        return {
          id: row.id,
          hasStarted: Boolean(Number(row.hasStarted)),
          isCompleted: Boolean(Number(row.isCompleted)),
          variables,
        };
      },
      async answers() {
        const rows = await db
          .selectFrom("answers")
          .select(["blockId", "content", "attachedFileUrls"])
          .where("resultId", "=", await resultIdOf(self))
          .orderBy("position")
          .orderBy("createdAt")
          .execute();
        return rows.map((row) => ({
          blockId: row.blockId,
          content: row.content,
          ...(row.attachedFileUrls ? { attachedFileUrls: JSON.parse(row.attachedFileUrls) as string[] } : {}),
        }));
      },
      logs: async () =>
        db
          .selectFrom("logs")
          .select(["status", "description"])
          .where("resultId", "=", await resultIdOf(self))
          .execute(),
    };
    return self;
  }

  async function resultIdOf(conversation: Conversation): Promise<string> {
    if (conversation.resultId) return conversation.resultId;
    const row = await db
      .selectFrom("results")
      .select("id")
      .where("botId", "=", conversation.botId)
      .orderBy("createdAt", "desc")
      .executeTakeFirst();
    return row?.id ?? "none";
  }

  async function preview(bot: Json, body: Json = {}) {
    const start = await chat.post("/v1/bots/preview-bot/preview/startChat", { bot, ...body });
    const sessionId = start.body?.sessionId as string | undefined;
    return { start, send: (message?: unknown) => chat.post(continueUrl(sessionId), messageBody(message)) };
  }

  return {
    server,
    workspaceId: user.workspaceId,
    token: user.token,
    api,
    chat,
    conversation,
    preview,
    close: () => server.close(),
  };
}
