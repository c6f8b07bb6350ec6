import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { startIntegrationServer } from "./integrations-harness.js";

let parley: Awaited<ReturnType<typeof startIntegrationServer>>;

beforeAll(async () => {
  parley = await startIntegrationServer();
});
afterAll(async () => {
  await parley.close();
});

const smtpData = {
  host: "smtp.example.com",
  port: 587,
  username: "mailer",
  password: "smtp-password-123",
  from: "Bot <bot@example.com>",
};
const url = () => `/v1/workspaces/${parley.user.workspaceId}/credentials`;

describe("workspace credentials", () => {
  it("stores credentials encrypted and never returns their data", async () => {
    const created = await parley.api.post(url(), { type: "smtp", name: "Mail", data: smtpData });
    expect(created.status).toBe(200);
    const credentials = created.body.credentials;
    expect(credentials).toEqual({
      id: expect.any(String),
      workspaceId: parley.user.workspaceId,
      type: "smtp",
      name: "Mail",
      createdAt: expect.any(String),
    });
    await parley.api.post(url(), { type: "openai", name: "OpenAI", data: { apiKey: "sk-abcdef-secret" } });

    const listed = await parley.api.get(url());
    expect(listed.status).toBe(200);
    expect(listed.body.credentials.map((entry: { type: string; name: string }) => [entry.type, entry.name])).toEqual([
      ["smtp", "Mail"],
      ["openai", "OpenAI"],
    ]);
    expect(
      (await parley.api.get(`${url()}?type=openai`)).body.credentials.map((entry: { name: string }) => entry.name),
    ).toEqual(["OpenAI"]);
    const everything = JSON.stringify([created.body, listed.body]);
    expect(everything).not.toContain("smtp-password-123");
    expect(everything).not.toContain("sk-abcdef-secret");

    const rows = await parley.server.ctx.store.db.selectFrom("credentials").select(["id", "data"]).execute();
    const stored = rows.find((row) => row.id === credentials.id)!;
    expect(stored.data).toMatch(/^v1:/);
    expect(JSON.stringify(rows)).not.toContain("smtp-password-123");
    expect(JSON.stringify(rows)).not.toContain("sk-abcdef-secret");
  });

  it("creates the key file with owner-only permissions on first start", () => {
    const file = path.join(parley.server.dataDir, "encryption.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("deletes credentials, then answers 404 for them", async () => {
    const created = await parley.api.post(url(), {
      type: "http",
      name: "Secrets",
      data: { headers: { "X-Api-Key": "k" } },
    });
    const id = created.body.credentials.id as string;
    expect(await parley.api.delete(`${url()}/${id}`)).toMatchObject({ status: 200, body: { message: "success" } });
    expect((await parley.api.get(url())).body.credentials.some((entry: { id: string }) => entry.id === id)).toBe(false);
    expect(await parley.api.delete(`${url()}/${id}`)).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", message: "Credentials not found" },
    });
  });

  it("answers 404 to anyone outside the workspace, and 401 without a token", async () => {
    const created = await parley.api.post(url(), { type: "openai", name: "Mine", data: { apiKey: "sk-mine" } });
    const stranger = await parley.server.createUser();
    const other = createClient(parley.server.baseUrl, stranger.token);
    expect(await other.get(url())).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", message: "Workspace not found" },
    });
    expect((await other.post(url(), { type: "openai", name: "x", data: { apiKey: "k" } })).status).toBe(404);
    expect((await other.delete(`${url()}/${created.body.credentials.id}`)).status).toBe(404);
    // Their own workspace does not see ours either.
    expect(
      (await other.delete(`/v1/workspaces/${stranger.workspaceId}/credentials/${created.body.credentials.id}`)).status,
    ).toBe(404);
    expect((await parley.chat.get(url())).status).toBe(401);
  });

  it("validates the data of each type", async () => {
    const missing = await parley.api.post(url(), { type: "smtp", name: "Mail", data: { host: "smtp.example.com" } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("BAD_REQUEST");
    expect((await parley.api.post(url(), { type: "ftp", name: "x", data: {} })).status).toBe(400);
    expect((await parley.api.post(url(), { type: "openai", name: "", data: { apiKey: "k" } })).status).toBe(400);
  });
});
