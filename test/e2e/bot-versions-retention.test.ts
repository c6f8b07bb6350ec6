import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PARLEY_VERSIONS_KEPT: "1" });
});
afterAll(async () => {
  await server?.close();
});

describe("PARLEY_VERSIONS_KEPT", () => {
  it("drops versions past the newest N, but keeps one a live chat still runs on", async () => {
    const owner = await server.createUser();
    const api = createClient(server.baseUrl, owner.token);
    const botId = (await api.post("/v1/bots", { workspaceId: owner.workspaceId, bot: greetingBot() })).body.bot.id;
    const first = (await api.post(`/v1/bots/${botId}/publish`)).body;
    const visitor = createClient(server.baseUrl);
    const chat = await visitor.post(`/v1/bots/${first.publicId}/startChat`, {});
    expect(chat.status).toBe(200);
    await api.post(`/v1/bots/${botId}/publish`);
    await api.post(`/v1/bots/${botId}/publish`);

    const numbers = async () =>
      (await api.get(`/v1/bots/${botId}/versions`)).body.versions.map((v: { number: number }) => v.number);
    // Version 2 went; version 1 stays while the chat started on it is live.
    expect(await numbers()).toEqual([3, 1]);
    const reply = await visitor.post(`/v1/sessions/${chat.body.sessionId}/continueChat`, { message: "Ada" });
    expect(reply.body.messages[0].content.richText[0].children[0].text).toBe("Nice to meet you, Ada.");

    // Once that session is gone, the next publish drops version 1 too; numbers are never reused.
    await server.ctx.store.db.deleteFrom("sessions").where("id", "=", chat.body.sessionId).execute();
    const fourth = (await api.post(`/v1/bots/${botId}/publish`)).body;
    expect(fourth.versionNumber).toBe(4);
    expect(await numbers()).toEqual([4]);
  });
});
