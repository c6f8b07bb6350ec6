import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { CLIENT, CONSENT_CODE, fakeGoogle, parseRawMessage } from "../helpers/google-fakes.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

type Json = Record<string, any>;

let google: Awaited<ReturnType<typeof fakeGoogle>>;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
let files: http.Server;
let filesUrl: string;
let gmailAccount: string;

beforeAll(async () => {
  google = await fakeGoogle({});
  files = http.createServer((request, response) => {
    if (request.url === "/files/report.txt") {
      response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      return response.end("Quarterly numbers");
    }
    if (request.url === "/files/huge.bin") {
      response.writeHead(200, { "content-type": "application/octet-stream" });
      return response.end(Buffer.alloc(11 * 1024 * 1024));
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/files`;
  parley = await startIntegrationServer({
    PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1",
    GOOGLE_CLIENT_ID: CLIENT.id,
    GOOGLE_CLIENT_SECRET: CLIENT.secret,
    PARLEY_GOOGLE_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
    PARLEY_GOOGLE_TOKEN_URL: `${google.url}/token`,
    PARLEY_GMAIL_API_URL: google.url,
  });
  gmailAccount = await parley.createCredentials("gmail", "ann@example.com", { access_token: "at-valid" });
});
afterAll(async () => {
  await parley.close();
  await google.close();
  await new Promise<void>((resolve) => {
    files.closeAllConnections();
    files.close(() => resolve());
  });
});

const consentPath = (type: string) =>
  `/v1/workspaces/${parley.user.workspaceId}/credentials/google/consent-url?type=${encodeURIComponent(type)}`;

/** Asks for the consent URL as the builder does; returns its state and the browser-binding cookie. */
async function startConsent(type = "google sheets") {
  const response = await parley.api.get(consentPath(type));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const url = new URL(response.body.url);
  const cookie = response.headers.get("set-cookie")!.split(";")[0];
  return { url, state: url.searchParams.get("state")!, cookie };
}

/** Google's redirect back to Parley, as the browser follows it. */
const callback = (query: Record<string, string>, cookie?: string) =>
  fetch(`${parley.server.baseUrl}/v1/credentials/google/callback?${new URLSearchParams(query)}`, {
    redirect: "manual",
    headers: cookie ? { cookie } : {},
  });

const googleCredentials = async () =>
  ((await parley.api.get(`/v1/workspaces/${parley.user.workspaceId}/credentials`)).body.credentials as Json[]).filter(
    (entry) => entry.type === "google sheets",
  );

describe("Connect a Google account (consent flow over HTTP)", () => {
  it("the consent URL names the instance's client, the callback, offline access and the block's scopes", async () => {
    const { url, cookie } = await startConsent();
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      redirect_uri: `${parley.server.ctx.config.publicUrl}/api/v1/credentials/google/callback`,
      response_type: "code",
      access_type: "offline",
      prompt: "consent",
      scope: "openid email https://www.googleapis.com/auth/spreadsheets",
    });
    expect(cookie).toMatch(/^parley_google_oauth=.+/);
    const gmail = await startConsent("gmail");
    expect(gmail.url.searchParams.get("scope")).toContain("https://www.googleapis.com/auth/gmail.modify");
  });

  it("the callback trades the code for a token, stores it as credentials named after the account and returns to the builder", async () => {
    const { state, cookie } = await startConsent();
    const before = google.received.length;
    const response = await callback({ code: CONSENT_CODE, state }, cookie);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!, "http://parley.test");
    expect(location.pathname).toBe("/settings");
    const [exchange] = google.calls("/token", before);
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toEqual({
      grant_type: "authorization_code",
      code: CONSENT_CODE,
      redirect_uri: `${parley.server.ctx.config.publicUrl}/api/v1/credentials/google/callback`,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    });
    const stored = await googleCredentials();
    expect(stored.map((entry) => [entry.id, entry.name])).toContainEqual([
      location.searchParams.get("googleConnected"),
      "ann@example.com",
    ]);
  });

  it("refuses a forged state, a state from another browser and a state used without its cookie; nothing is stored", async () => {
    const { state, cookie } = await startConsent();
    const other = await startConsent();
    const count = (await googleCredentials()).length;
    const tampered = `${state.slice(0, -4)}AAAA`;
    for (const [query, sentCookie] of [
      [{ code: CONSENT_CODE, state: tampered }, cookie],
      [{ code: CONSENT_CODE, state }, other.cookie],
      [{ code: CONSENT_CODE, state }, undefined],
      [{ code: CONSENT_CODE }, cookie],
    ] as const) {
      const response = await callback(query, sentCookie);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "INVALID_OAUTH_STATE",
        message: "The Google sign-in is invalid or expired: start it again",
      });
    }
    expect(await googleCredentials()).toHaveLength(count);
  });

  it("a refused consent or a code Google does not accept answers 400 with the reason", async () => {
    const { state, cookie } = await startConsent();
    const denied = await callback({ error: "access_denied", state }, cookie);
    expect(denied.status).toBe(400);
    expect(await denied.json()).toMatchObject({
      code: "GOOGLE_CONSENT_FAILED",
      message: "Google did not give access: access_denied",
    });
    const badCode = await callback({ code: "stale", state }, cookie);
    expect(await badCode.json()).toMatchObject({
      code: "GOOGLE_CONSENT_FAILED",
      message: "Google refused the code: Bad Request",
    });
  });

  it("without GOOGLE_CLIENT_ID the builder is told how to set Google up", async () => {
    const bare = await startIntegrationServer();
    try {
      const response = await bare.api.get(
        `/v1/workspaces/${bare.user.workspaceId}/credentials/google/consent-url?type=gmail`,
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: "GOOGLE_NOT_CONFIGURED",
        message: `Google is not set up on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, with ${bare.server.ctx.config.publicUrl}/api/v1/credentials/google/callback as the redirect URI`,
      });
    } finally {
      await bare.close();
    }
  });
});

const variables = [
  { id: "v-name", name: "Name" },
  { id: "v-files", name: "Files" },
  { id: "v-thread", name: "Thread" },
];

async function sendWith(options: Json, files: string[] = []) {
  const bot = buildBot({
    variables: variables.map((variable) => (variable.id === "v-files" ? { ...variable, value: files } : variable)),
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-name" } },
          { id: "mail", type: "gmail", options: { credentialsId: gmailAccount, action: "Send email", ...options } },
          say("done", "Thread {{Thread}}"),
        ],
      },
    ],
  });
  const before = google.received.length;
  const started = await parley.start(await parley.publish(bot));
  const reply = await parley.send(started.body.sessionId, "Zoé");
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  // Rows and e-mails go out once the turn is saved; their logs follow.
  await parley.outboxSettled();
  const logs = await parley.storedLogs(started.body.resultId);
  return {
    texts: bubbleTexts(reply.body),
    sends: google.calls("/gmail/v1/users/me/messages/send", before),
    calls: google.received.slice(before),
    logs: logs.map((log) => [log.status, log.description]),
    details: logs.map((log) => parseDetails(log.details)),
  };
}

function parseDetails(details: unknown): unknown {
  try {
    return typeof details === "string" ? JSON.parse(details) : details;
  } catch {
    return details;
  }
}

describe("Gmail: Send email", () => {
  it("sends the MIME message (to, subject, body, attachment) in the thread, labels it and saves the thread id", async () => {
    const { texts, sends, calls, logs } = await sendWith(
      {
        to: "bob@example.com, {{Name}} <zoe@example.com>",
        subject: "Hello {{Name}}",
        body: "Dear {{Name}},\nsee attached.",
        attachments: "v-files",
        label: "Leads",
        threadId: "thread-9",
        responseMapping: [{ item: "Thread ID", variableId: "v-thread" }],
      },
      [`${filesUrl}/report.txt`],
    );
    expect(texts).toEqual(["Thread thread-9"]);
    expect(logs).toEqual([["success", "Email successfully sent"]]);
    expect(sends).toHaveLength(1);
    expect(sends[0].headers.authorization).toBe("Bearer at-valid");
    expect(sends[0].json?.threadId).toBe("thread-9");
    const message = parseRawMessage(sends[0].json?.raw);
    expect(message.headers.to).toBe("bob@example.com, Zoé <zoe@example.com>");
    expect(Buffer.from(message.headers.subject.replace(/^=\?UTF-8\?B\?|\?=$/g, ""), "base64").toString()).toBe(
      "Hello Zoé",
    );
    expect(message.text).toBe("Dear Zoé,\nsee attached.");
    expect(message.attachments).toEqual([
      {
        disposition: 'attachment; filename="report.txt"',
        contentType: 'text/plain; name="report.txt"',
        content: "Quarterly numbers",
      },
    ]);
    const modify = calls.find((call) => call.path === "/gmail/v1/users/me/messages/msg-1/modify");
    expect(modify?.json).toEqual({ addLabelIds: ["Label_1"] });
  });

  it("an attachment over the size limit or on a refused address sends nothing and is logged", async () => {
    const huge = await sendWith({ to: "bob@example.com", attachments: "v-files" }, [`${filesUrl}/huge.bin`]);
    expect(huge.sends).toHaveLength(0);
    expect(huge.logs).toEqual([["error", "Email not sent"]]);
    expect(huge.details[0]).toMatch(/^Attachment .*huge\.bin: larger than 10240 KiB$/);
    const privateHost = await sendWith({ to: "bob@example.com", attachments: "v-files" }, ["http://10.0.0.1/secret"]);
    expect(privateHost.sends).toHaveLength(0);
    expect(privateHost.details[0]).toContain("PARLEY_HTTP_ALLOWED_HOSTS");
  });

  it("a failure of Gmail or a missing recipient is logged and the flow goes on", async () => {
    const revoked = await parley.createCredentials("gmail", "revoked", { access_token: "at-revoked" });
    const failed = await sendWith({ to: "bob@example.com", credentialsId: revoked });
    expect(failed.texts).toEqual(["Thread "]);
    expect(failed.logs).toEqual([["error", "Email not sent"]]);
    expect(failed.details[0]).toBe("Request had invalid authentication credentials.");
    const noRecipient = await sendWith({ subject: "Hi" });
    expect(noRecipient.sends).toHaveLength(0);
    expect(noRecipient.logs).toEqual([["error", "The email has no recipient (To)"]]);
  });

  it("a Google Sheets account cannot send mail", async () => {
    const sheets = await parley.createCredentials("google sheets", "sheets only", { access_token: "at-valid" });
    const { sends, details } = await sendWith({ to: "bob@example.com", credentialsId: sheets });
    expect(sends).toHaveLength(0);
    expect(details[0]).toBe("Could not find credentials for block gmail");
  });
});
