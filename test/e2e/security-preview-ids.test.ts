import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";

/**
 * Issue 31 item 8: a preview's id is the server's or a strict one it chose; an anonymous preview
 * never takes (and so deletes) another preview's id; no upload is stored without the record that
 * counts it and deletes it with its session. And upload URLs never name the request's Host.
 */
let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

const fileBot = () =>
  buildBot({ groups: [{ id: "g", blocks: [{ id: "b-file", type: "file input" }, say("b-done", "Thanks")] }] });

async function upload(sessionId: string, name: string, headers: Record<string, string> = {}) {
  return rawRequest(`/api/v1/sessions/${sessionId}/files?name=${encodeURIComponent(name)}`, "POST", "x", {
    "content-type": "application/octet-stream",
    ...headers,
  });
}

/** fetch may not set Host: a plain request does. */
function rawRequest(
  path: string,
  method: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(new URL(path, h.server.url), { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Every file stored: rows of storedFiles on PostgreSQL, files under the data folder's uploads otherwise. */
async function storedKeys(): Promise<string[]> {
  if (h.server.ctx.config.storage.kind === "database") {
    const rows = await (h.server.ctx.store.db as any).selectFrom("storedFiles").select("key").execute();
    return rows.map((row: { key: string }) => row.key).sort();
  }
  const root = path.join(h.server.ctx.config.dataDir, "uploads");
  return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).sort() : [];
}

describe("a preview's session id", () => {
  it("is refused with 400 unless it is 1 to 64 letters, digits, _ or -", async () => {
    for (const sessionId of ["a b", "../x", "é", "x".repeat(65), ""]) {
      const { start } = await h.preview(fileBot(), { sessionId });
      expect(start.status, sessionId).toBe(400);
      expect(start.body.code, sessionId).toBe("BAD_REQUEST");
      expect(start.body.issues?.[0]?.path, sessionId).toBe("sessionId");
    }
    const { start } = await h.preview(fileBot(), { sessionId: "My_preview-1" });
    expect(start.status).toBe(200);
    expect(start.body.sessionId).toBe("My_preview-1");
  });

  it("of someone else's preview is refused with 409 to an anonymous preview, and that preview stays with its file", async () => {
    const { start } = await h.preview(fileBot(), { sessionId: "victim-preview" });
    expect(start.status).toBe(200);
    const sent = await upload("victim-preview", "a.png");
    expect(sent.status).toBe(200);
    const taken = await h.preview(fileBot(), { sessionId: "victim-preview" });
    expect(taken.start.status).toBe(409);
    expect(taken.start.body).toEqual({
      code: "CONFLICT",
      message: "Session id already in use: leave sessionId out to get a new one",
    });
    // The victim's preview still counts its file: the input took its one file.
    expect((await upload("victim-preview", "b.png")).body).toEqual({
      code: "BAD_REQUEST",
      message: "This input takes one file, and it was already sent",
    });
    expect((await fetch(sent.body.url)).status).toBe(200);
  });

  it("of a member's own preview restarts it, and the replaced preview's files are deleted", async () => {
    const conversation = await h.conversation(fileBot());
    const path = `/v1/bots/${conversation.botId}/preview/startChat`;
    const first = await h.api.post(path, { sessionId: "member-preview" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const sent = await upload("member-preview", "a.png");
    expect(sent.status).toBe(200);
    // A stranger naming it (anonymously, with the bot in the body) is refused.
    const stranger = await h.chat.post(path, {
      bot: { ...fileBot(), id: conversation.botId, version: "6" },
      sessionId: "member-preview",
    });
    expect(stranger.status).toBe(409);
    expect((await fetch(sent.body.url)).status).toBe(200);

    const restarted = await h.api.post(path, { sessionId: "member-preview" });
    expect(restarted.status).toBe(200);
    expect((await fetch(sent.body.url)).status).toBe(404);
    expect((await upload("member-preview", "b.png")).status).toBe(200);
  });
});

describe("uploads", () => {
  it("to a session whose id the records cannot name store nothing (404)", async () => {
    const { start } = await h.preview(fileBot());
    const row = await h.server.ctx.sessions.find(start.body.sessionId);
    // A session stored with such an id before ids were checked.
    await h.server.ctx.store.db
      .insertInto("sessions")
      .values({ ...row!, id: "legacy id!" })
      .execute();
    const before = await storedKeys();
    const response = await upload(encodeURIComponent("legacy id!"), "a.png");
    expect(response).toEqual({ status: 404, body: { code: "SESSION_NOT_FOUND", message: "Session not found." } });
    expect(await storedKeys()).toEqual(before);
  });

  it("are given a URL on PUBLIC_URL whatever Host the request names", async () => {
    const { start } = await h.preview(fileBot());
    const sent = await upload(start.body.sessionId, "a.png", { host: "attacker.example" });
    expect(sent.status).toBe(200);
    expect(sent.body.url.startsWith(`${h.server.url}/files/`)).toBe(true);

    const { start: second } = await h.preview(fileBot());
    const announced = await rawRequest(
      "/api/v3/generate-upload-url",
      "POST",
      JSON.stringify({ sessionId: second.body.sessionId, fileName: "a.png" }),
      { host: "attacker.example", "content-type": "application/json" },
    );
    expect(announced.status, JSON.stringify(announced.body)).toBe(200);
    expect(announced.body.presignedUrl.startsWith(`${h.server.url}/`)).toBe(true);
    expect(announced.body.fileUrl.startsWith(`${h.server.url}/files/`)).toBe(true);
  });
});
