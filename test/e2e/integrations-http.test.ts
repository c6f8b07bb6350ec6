import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { bubbleTexts, recordingServer, sendJson, startIntegrationServer } from "./integrations-harness.js";

/**
 * HTTP request blocks against real local servers: `target` is allowed through PARLEY_HTTP_ALLOWED_HOSTS,
 * `internal` (another port of the same machine) is not, so the address guard must keep it untouched.
 */
let target: Awaited<ReturnType<typeof recordingServer>>;
let internal: Awaited<ReturnType<typeof recordingServer>>;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;

beforeAll(async () => {
  internal = await recordingServer((_request, response) => sendJson(response, 200, { secret: "internal" }));
  target = await recordingServer((request, response, body) => {
    if (request.url?.startsWith("/to-internal"))
      return sendJson(response, 302, {}, { location: `${internal.url}/admin` });
    if (request.url?.startsWith("/to-metadata"))
      return sendJson(response, 302, {}, { location: "http://169.254.169.254/latest/meta-data/" });
    if (request.url?.startsWith("/fail")) return sendJson(response, 500, { error: "boom" });
    const parsed = body ? JSON.parse(body) : {};
    sendJson(response, 200, {
      greeting: `Hello ${parsed.name ?? "nobody"}`,
      echo: { method: request.method, url: request.url, auth: request.headers.authorization ?? null },
    });
  });
  parley = await startIntegrationServer({ PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${target.port}` });
});
afterAll(async () => {
  await parley.close();
  await target.close();
  await internal.close();
});

const variables = [
  { id: "v-name", name: "Name" },
  { id: "v-greeting", name: "Greeting" },
  { id: "v-status", name: "Status" },
  { id: "v-method", name: "Method" },
];

function webhookBot(url: string, extra: Record<string, unknown> = {}) {
  return buildBot({
    variables,
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-name" } },
          {
            id: "hook",
            type: "Webhook",
            options: {
              webhook: {
                url,
                method: "POST",
                headers: [{ id: "h", key: "Authorization", value: "Basic bot:{{Name}}" }],
                queryParams: [{ id: "q", key: "who", value: "{{Name}}" }],
                body: '{"name": "{{Name}}"}',
              },
              isCustomBody: true,
              responseVariableMapping: [
                { id: "m1", variableId: "v-greeting", bodyPath: "data.greeting" },
                { id: "m2", variableId: "v-status", bodyPath: "statusCode" },
                { id: "m3", variableId: "v-method", bodyPath: "data.echo.method" },
              ],
              ...extra,
            },
          },
          say("done", "{{Greeting}} ({{Status}})"),
        ],
      },
    ],
  });
}

describe("HTTP request block over real HTTP", () => {
  it("sends the templated request in a live chat, maps the answer into variables and hides the sensitive log", async () => {
    const publicId = await parley.publish(webhookBot(`${target.url}/hook`));
    const started = await parley.start(publicId);
    const before = target.received.length;
    const reply = await parley.send(started.body.sessionId, 'Ann "A" Lee');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(bubbleTexts(reply.body)).toEqual(['Hello Ann "A" Lee (200)']);
    expect(reply.body.logs).toBeUndefined();

    const received = target.received.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: "POST",
      url: "/hook?who=Ann%20%22A%22%20Lee",
      body: '{"name": "Ann \\"A\\" Lee"}',
    });
    expect(received[0].headers.authorization).toBe(`Basic ${Buffer.from('bot:Ann "A" Lee').toString("base64")}`);
    expect(received[0].headers["content-type"]).toBe("application/json");

    const resultId = started.body.resultId as string;
    expect(await parley.resultVariables(resultId)).toMatchObject({
      Name: 'Ann "A" Lee',
      Greeting: 'Hello Ann "A" Lee',
      Status: "200",
      Method: "POST",
    });
    expect((await parley.storedLogs(resultId)).map((log) => [log.status, log.description])).toEqual([
      ["success", "Webhook successfuly executed."],
    ]);
  });

  it("shows the full log in preview", async () => {
    const started = await parley.preview(webhookBot(`${target.url}/fail`));
    const reply = await parley.send(started.body.sessionId, "Bob");
    expect(bubbleTexts(reply.body)).toEqual([" (500)"]);
    expect(reply.body.logs).toMatchObject([
      {
        status: "error",
        description: "Webhook returned an error.",
        details: { statusCode: 500, response: { error: "boom" } },
      },
    ]);
  });

  it("refuses a local server that is not allowed, and a redirect from an allowed server to one, and goes on", async () => {
    const before = internal.received.length;
    for (const url of [`${internal.url}/admin`, `${target.url}/to-internal`]) {
      const started = await parley.preview(webhookBot(url));
      const reply = await parley.send(started.body.sessionId, "Eve");
      expect(bubbleTexts(reply.body)).toEqual([" (403)"]);
      expect(reply.body.logs[0]).toMatchObject({
        status: "error",
        description: "Webhook returned an error.",
        details: {
          statusCode: 403,
          error: `127.0.0.1:${internal.port} is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it`,
        },
      });
    }
    expect(internal.received.length).toBe(before);
  });

  it.each([
    ["the cloud metadata address", () => "http://169.254.169.254/latest/meta-data/"],
    ["a redirect to the cloud metadata address", () => `${target.url}/to-metadata`],
    ["the IPv6 loopback", () => `http://[::1]:${internal.port}/`],
    ["the unspecified address", () => `http://0.0.0.0:${internal.port}/`],
    ["a loopback address written as a number", () => `http://2130706433:${internal.port}/`],
  ])("refuses %s", async (_name, url) => {
    const started = await parley.preview(webhookBot(url()));
    const reply = await parley.send(started.body.sessionId, "Eve");
    expect(reply.body.logs[0]).toMatchObject({
      description: "Webhook returned an error.",
      details: { statusCode: 403 },
    });
  });

  describe("executed on the client", () => {
    const clientBot = () => webhookBot(`${target.url}/hook`, { isExecutedOnClient: true });

    it("asks the client to send the request, then maps the client's answer", async () => {
      const publicId = await parley.publish(clientBot());
      const started = await parley.start(publicId);
      const before = target.received.length;
      const asked = await parley.send(started.body.sessionId, "Zoe");
      expect(asked.body.messages).toEqual([]);
      expect(asked.body.clientSideActions).toEqual([
        {
          type: "httpRequestToExecute",
          httpRequestToExecute: {
            url: `${target.url}/hook?who=Zoe`,
            method: "POST",
            headers: {
              Authorization: `Basic ${Buffer.from("bot:Zoe").toString("base64")}`,
              "Content-Type": "application/json",
            },
            body: { name: "Zoe" },
          },
          expectsDedicatedReply: true,
        },
      ]);
      expect(target.received.length).toBe(before);

      const answered = await parley.send(
        started.body.sessionId,
        JSON.stringify({ statusCode: 201, data: { greeting: "Hi from the browser" } }),
      );
      expect(answered.status).toBe(200);
      expect(bubbleTexts(answered.body)).toEqual(["Hi from the browser (201)"]);
    });

    it("answers 400 when the client's answer is not JSON", async () => {
      const started = await parley.preview(clientBot());
      await parley.send(started.body.sessionId, "Zoe");
      const answered = await parley.send(started.body.sessionId, "<html>not json</html>");
      expect(answered.status).toBe(400);
      expect(answered.body).toEqual({ code: "INVALID_HTTP_RESPONSE", message: "Provided response is not valid JSON" });
    });
  });
});
