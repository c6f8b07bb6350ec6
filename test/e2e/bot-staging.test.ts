import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

// Retention keeps one version: what staging serves must survive it.
let server: TestServer;
let owner: Awaited<ReturnType<TestServer["createUser"]>>;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startTestServer({ PARLEY_VERSIONS_KEPT: "1" });
  owner = await server.createUser();
  api = createClient(server.baseUrl, owner.token);
});
afterAll(async () => {
  await server?.close();
});

const richText = (text: string) => [{ type: "p", children: [{ text }] }];

function botSaying(greeting: string) {
  const bot = greetingBot();
  (bot.groups[0]!.blocks[0] as { content: unknown }).content = { richText: richText(greeting) };
  return bot;
}

async function createPublishedBot() {
  const created = await api.post("/v1/bots", { workspaceId: owner.workspaceId, bot: botSaying("Hello visitors") });
  expect(created.status).toBe(200);
  const botId = created.body.bot.id as string;
  const published = await api.post(`/v1/bots/${botId}/publish`);
  expect(published.status).toBe(200);
  return { botId, publicId: published.body.publicId as string, v1: published.body.versionId as string };
}

async function editDraft(botId: string, greeting: string) {
  const { groups, edges, variables, theme, settings } = botSaying(greeting);
  const answer = await api.patch(`/v1/bots/${botId}`, { bot: { groups, edges, variables, theme, settings } });
  expect(answer.status).toBe(200);
}

/** A visitor's whole chat on `publicId`: the first bubble's text, and the result once they answered. */
async function chatOn(publicId: string) {
  const visitor = createClient(server.baseUrl);
  const started = await visitor.post(`/v1/bots/${publicId}/startChat`, {});
  expect(started.status).toBe(200);
  const reply = await visitor.post(`/v1/sessions/${started.body.sessionId}/continueChat`, { message: "Ada" });
  expect(reply.status).toBe(200);
  return {
    first: started.body.messages[0].content.richText[0].children[0].text as string,
    resultId: started.body.resultId as string,
  };
}

const resultIds = async (botId: string, query = "") =>
  (await api.get(`/v1/bots/${botId}/results${query}`)).body.results.map((result: { id: string }) => result.id);

describe("staging", () => {
  it("serves the draft on its own id and page while the published page is unchanged", async () => {
    const { botId, publicId } = await createPublishedBot();
    expect((await api.get(`/v1/bots/${botId}/staging`)).body).toEqual({ staging: null });
    await editDraft(botId, "Hello testers");
    const set = await api.put(`/v1/bots/${botId}/staging`, { versionId: "draft" });
    expect(set.status).toBe(200);
    const stagingId = set.body.staging.publicId as string;
    expect(stagingId).toMatch(/^staging-[0-9a-f]{32}$/);
    expect(set.body.staging.serves).toEqual({ versionId: "draft", number: null });
    expect(set.body.staging.url).toBe(`${server.ctx.config.publicUrl}/${stagingId}`);

    expect((await chatOn(stagingId)).first).toBe("Hello testers");
    expect((await chatOn(publicId)).first).toBe("Hello visitors");
    // The staging page is a chat page like the public one.
    expect((await fetch(`${server.url}/${stagingId}`)).status).toBe(200);
    // Edits to the draft reach the staging id at the next chat, never the visitors.
    await editDraft(botId, "Hello again, testers");
    expect((await chatOn(stagingId)).first).toBe("Hello again, testers");
    expect((await chatOn(publicId)).first).toBe("Hello visitors");
    // A staging copy of the draft is no version of the history.
    const versions = (await api.get(`/v1/bots/${botId}/versions`)).body.versions;
    expect(versions.map((version: { number: number }) => version.number)).toEqual([1]);
  });

  it("serves a chosen version, and stops answering once turned off", async () => {
    const { botId, v1 } = await createPublishedBot();
    await editDraft(botId, "Hello draft");
    const set = await api.put(`/v1/bots/${botId}/staging`, { versionId: v1 });
    expect(set.body.staging.serves).toEqual({ versionId: v1, number: 1 });
    const stagingId = set.body.staging.publicId as string;
    expect((await chatOn(stagingId)).first).toBe("Hello visitors");
    // Pointing it elsewhere keeps its id.
    const again = await api.put(`/v1/bots/${botId}/staging`, { versionId: "draft" });
    expect(again.body.staging.publicId).toBe(stagingId);
    expect((await api.delete(`/v1/bots/${botId}/staging`)).body).toEqual({ staging: null });
    const gone = await createClient(server.baseUrl).post(`/v1/bots/${stagingId}/startChat`, {});
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("Bot not found");
    expect((await fetch(`${server.url}/${stagingId}`)).status).toBe(404);
    const unknown = await api.put(`/v1/bots/${botId}/staging`, { versionId: "not-a-version" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: "NOT_FOUND", message: "Version not found" });
  });

  it("leaves staging results out of the results list and analytics unless asked", async () => {
    const { botId, publicId } = await createPublishedBot();
    const stagingId = (await api.put(`/v1/bots/${botId}/staging`, { versionId: "draft" })).body.staging.publicId;
    const visitor = await chatOn(publicId);
    const tester = await chatOn(stagingId);
    expect(await resultIds(botId)).toEqual([visitor.resultId]);
    expect(await resultIds(botId, "?staging=true")).toEqual([tester.resultId]);
    const analytics = await api.get(`/v1/bots/${botId}/analytics`);
    expect(analytics.body).toMatchObject({ views: 1, starts: 1, completions: 1 });
    const stagingAnalytics = await api.get(`/v1/bots/${botId}/analytics?staging=true`);
    expect(stagingAnalytics.body).toMatchObject({ views: 1, starts: 1, completions: 1 });
    // Transcripts say what the chat ran on.
    const testerTranscript = await api.get(`/v1/bots/${botId}/results/${tester.resultId}/transcript`);
    expect(testerTranscript.body.ranOn).toEqual({
      versionId: expect.any(String),
      number: null,
      isStaging: true,
    });
    const visitorTranscript = await api.get(`/v1/bots/${botId}/results/${visitor.resultId}/transcript`);
    expect(visitorTranscript.body.ranOn).toMatchObject({ number: 1, isStaging: false });
  });

  it("splits analytics by version", async () => {
    const { botId, publicId, v1 } = await createPublishedBot();
    await chatOn(publicId);
    await editDraft(botId, "Hello v2");
    const v2 = (await api.post(`/v1/bots/${botId}/publish`)).body.versionId as string;
    await chatOn(publicId);
    await chatOn(publicId);
    expect((await api.get(`/v1/bots/${botId}/analytics?versionId=${v1}`)).body.views).toBe(1);
    expect((await api.get(`/v1/bots/${botId}/analytics?versionId=${v2}`)).body.views).toBe(2);
    expect((await api.get(`/v1/bots/${botId}/analytics`)).body.views).toBe(3);
  });

  it("promotes what staging serves to a new published version", async () => {
    const { botId, publicId } = await createPublishedBot();
    await editDraft(botId, "Hello promoted");
    await api.put(`/v1/bots/${botId}/staging`, { versionId: "draft" });
    const promoted = await api.post(`/v1/bots/${botId}/staging/promote`, {});
    expect(promoted.status).toBe(200);
    expect(promoted.body.version).toMatchObject({
      number: 2,
      note: "Promoted from staging (draft)",
      isPublished: true,
    });
    expect((await chatOn(publicId)).first).toBe("Hello promoted");
    // A version on staging promotes with its number in the note.
    const v1 = (await api.get(`/v1/bots/${botId}/versions`)).body.versions.find(
      (version: { number: number }) => version.number === 1,
    );
    // Retention (1 kept) dropped version 1 at the promote: it is no longer there to stage.
    expect(v1).toBeUndefined();
  });

  it("keeps the version staging serves through retention", async () => {
    const { botId, v1 } = await createPublishedBot();
    await api.put(`/v1/bots/${botId}/staging`, { versionId: v1 });
    await editDraft(botId, "Hello v2");
    await api.post(`/v1/bots/${botId}/publish`);
    await editDraft(botId, "Hello v3");
    await api.post(`/v1/bots/${botId}/publish`);
    const numbers = (await api.get(`/v1/bots/${botId}/versions`)).body.versions.map(
      (version: { number: number }) => version.number,
    );
    // Version 2 went (one kept, not in use); version 1 stays while staging serves it.
    expect(numbers).toEqual([3, 1]);
    const promoted = await api.post(`/v1/bots/${botId}/staging/promote`, { note: "Back to the first" });
    expect(promoted.body.version).toMatchObject({ number: 4, note: "Back to the first" });
    const stagingId = (await api.get(`/v1/bots/${botId}/staging`)).body.staging.publicId;
    expect((await chatOn(stagingId)).first).toBe("Hello visitors");
  });

  it("lets a guest read staging but not set or promote it; another workspace gets 404", async () => {
    const { botId } = await createPublishedBot();
    await api.put(`/v1/bots/${botId}/staging`, { versionId: "draft" });
    const guest = await server.createUser();
    await server.ctx.workspaces.addMember(owner.workspaceId, guest.userId, "GUEST");
    const guestApi = createClient(server.baseUrl, guest.token);
    expect((await guestApi.get(`/v1/bots/${botId}/staging`)).status).toBe(200);
    const refused = await guestApi.put(`/v1/bots/${botId}/staging`, { versionId: "draft" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("FORBIDDEN");
    expect((await guestApi.post(`/v1/bots/${botId}/staging/promote`, {})).status).toBe(403);
    expect((await guestApi.delete(`/v1/bots/${botId}/staging`)).status).toBe(403);
    const stranger = createClient(server.baseUrl, (await server.createUser()).token);
    expect((await stranger.get(`/v1/bots/${botId}/staging`)).status).toBe(404);
    expect((await stranger.put(`/v1/bots/${botId}/staging`, { versionId: "draft" })).status).toBe(404);
    expect((await stranger.post(`/v1/bots/${botId}/staging/promote`, {})).status).toBe(404);
  });

  it("answers 404 to a promote with no staging, and 400 to a bad body", async () => {
    const { botId } = await createPublishedBot();
    const promote = await api.post(`/v1/bots/${botId}/staging/promote`, {});
    expect(promote.status).toBe(404);
    expect(promote.body.message).toBe("This bot has no staging: set it first with PUT …/staging");
    const bad = await api.put(`/v1/bots/${botId}/staging`, { versionId: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("BAD_REQUEST");
  });
});
