import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

type Json = Record<string, any>;

/**
 * A Parley server started with the given environment (allowed hosts, SMTP settings), one user, and
 * small helpers to publish a bot and chat with it over real HTTP.
 */
export async function startIntegrationServer(env: Record<string, string> = {}) {
  const server: TestServer = await startTestServer(env);
  const user = await server.createUser();
  const api = createClient(server.baseUrl, user.token);
  const chat = createClient(server.baseUrl);
  const db = server.ctx.store.db;

  async function publish(bot: Json): Promise<string> {
    const created = await api.post("/v1/bots", { workspaceId: user.workspaceId, bot });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const published = await api.post(`/v1/bots/${created.body.bot.id}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return published.body.publicId as string;
  }

  async function createCredentials(type: string, name: string, data: Json): Promise<string> {
    const response = await api.post(`/v1/workspaces/${user.workspaceId}/credentials`, { type, name, data });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.credentials.id as string;
  }

  return {
    server,
    user,
    api,
    chat,
    publish,
    createCredentials,
    start: (publicId: string, body: Json = {}) => chat.post(`/v1/bots/${publicId}/startChat`, body),
    preview: (bot: Json, body: Json = {}) => chat.post("/v1/bots/preview-bot/preview/startChat", { bot, ...body }),
    send: (sessionId: string, message?: unknown) =>
      chat.post(`/v1/sessions/${sessionId}/continueChat`, message === undefined ? {} : { message }),
    async resultVariables(resultId: string): Promise<Record<string, unknown>> {
      const row = await db
        .selectFrom("results")
        .select("variables")
        .where("id", "=", resultId)
        .executeTakeFirstOrThrow();
      return Object.fromEntries(
        (JSON.parse(row.variables) as { name: string; value: unknown }[]).map((v) => [v.name, v.value]),
      );
    },
    storedLogs: (resultId: string) =>
      db
        .selectFrom("logs")
        .select(["status", "description", "details"])
        .where("resultId", "=", resultId)
        .orderBy("createdAt")
        .execute(),
    /** Waits until no outbox item is pending (each sent, or failed for good): a turn's effects were tried. */
    async outboxSettled() {
      for (let tries = 0; tries < 100; tries++) {
        const pending = await db.selectFrom("outbox").select("id").where("status", "=", "pending").execute();
        if (pending.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("The outbox still has pending items after 5 s");
    },
    close: () => server.close(),
  };
}

export type Received = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string };

/** A real HTTP server on 127.0.0.1 that records every request it gets. */
export async function recordingServer(
  handler: (request: http.IncomingMessage, response: http.ServerResponse, body: string) => void,
) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sendJson = (
  response: http.ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(value));
};

/** Text of each text bubble of a reply. */
export const bubbleTexts = (body: Json) =>
  (body.messages as Json[]).map((message) =>
    (message.content.richText as Json[])
      .map((paragraph) => (paragraph.children as Json[]).map((leaf) => leaf.text).join(""))
      .join("\n"),
  );
