import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../src/http/app.js";
import { errorCodes } from "../../src/errors.js";
import { createClient } from "../helpers/http-client.js";
import { greetingBot } from "../helpers/sample-bots.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import {
  contentTypes,
  fuzzQueryValue,
  fuzzString,
  fuzzValue,
  hugeBody,
  mutate,
  rawJsonBodies,
} from "./fuzz-arbitraries.js";
import { loopBot, publishBot } from "./fixtures.js";

/**
 * Property-based fuzzing over real HTTP: every route of the route table (plus the documents and
 * pages served beside it) gets generated and mutated requests. Not one answer may be a 5xx, every
 * 4xx carries `{ code, message }` with the status of its code, and the server must still work after.
 * To chase a failure: FUZZ_SEED=<seed> replays a run, FUZZ_DUMP=<file> writes the faulty request and
 * the server's error stacks to that file.
 */
const REQUESTS_PER_RUN = 25;
const RUNS = 420;

type Fixtures = {
  workspaceId: string;
  botId: string;
  publicId: string;
  sessionId: string;
  resultId: string;
  credentialsId: string;
  tokenId: string;
};
type Target = { method: string; url: string; queryKeys: string[]; sample: unknown };
type ParamChoice = { fixture: keyof Fixtures | "strangerWorkspaceId" } | { raw: string; encode: boolean };
type BodyChoice =
  | { kind: "json"; value: unknown; contentType: string }
  | { kind: "raw"; text: string; contentType: string }
  | { kind: "none" };
type FuzzRequest = {
  target: Target;
  method: string;
  params: ParamChoice[];
  query: [string, string][];
  body: BodyChoice;
  auth: "owner" | "stranger" | "revoked" | "garbage" | "none";
  origin: boolean;
};

let server: TestServer;
let fixtures: Fixtures;
let tokens: Record<"owner" | "stranger" | "revoked", string>;
let strangerWorkspaceId: string;
let ownerUserId: string;
let owner: ReturnType<typeof createClient>;
let targets: Target[];
let sent = 0;
const lastBodies = new Map<string, unknown>();
const serverErrors: string[] = [];
const statusCounts = new Map<number, number>();

beforeAll(async () => {
  server = await startTestServer({
    PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "0",
    PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0",
  });
  const ownerUser = await server.createUser();
  const stranger = await server.createUser();
  const revoked = await server.createUser("revoked@fuzz.example");
  await server.ctx.users.revokeToken(
    (await server.ctx.users.listTokens()).find((t) => t.email === "revoked@fuzz.example")!.id,
  );
  tokens = { owner: ownerUser.token, stranger: stranger.token, revoked: revoked.token };
  strangerWorkspaceId = stranger.workspaceId;
  ownerUserId = ownerUser.userId;
  owner = createClient(server.baseUrl, ownerUser.token);
  fixtures = await freshFixtures(ownerUser.workspaceId);
  targets = buildTargets(ownerUser.workspaceId);
  if (process.env.FUZZ_DUMP) {
    const log = server.app.log as unknown as { error: (...args: unknown[]) => void };
    log.error = (object: unknown) => serverErrors.push(String((object as { err?: Error }).err?.stack ?? object));
  }
});
afterAll(() => server?.close());

async function freshFixtures(workspaceId: string): Promise<Fixtures> {
  const { botId, publicId } = await publishBot(
    owner,
    workspaceId,
    loopBot({ general: { rememberUser: { isEnabled: true } } }),
  );
  const start = await createClient(server.baseUrl).post(`/v1/bots/${publicId}/startChat`, {});
  await createClient(server.baseUrl).post(`/v1/sessions/${start.body.sessionId}/continueChat`, { message: "hello" });
  const credentials = await owner.post(`/v1/workspaces/${workspaceId}/credentials`, {
    type: "openai",
    name: "Key",
    data: { apiKey: "sk-fuzz" },
  });
  // A spare token of the owner, for the token routes to revoke (never the one the fuzzing signs with).
  const spare = await server.ctx.users.createToken(ownerUserId, "spare");
  return {
    workspaceId,
    botId,
    publicId,
    sessionId: start.body.sessionId,
    resultId: start.body.resultId,
    credentialsId: credentials.body?.credentials?.id ?? "none",
    tokenId: spare.id,
  };
}

/** The route table, plus what is served beside it, each with a valid body to mutate. */
function buildTargets(workspaceId: string): Target[] {
  const samples: Record<string, unknown> = {
    "POST /api/v1/workspaces": { name: "Fuzzed workspace" },
    "PATCH /api/v1/workspaces/:workspaceId": { name: "Renamed workspace", icon: "🤖" },
    "POST /api/v1/bots/import": { workspaceId, bot: greetingBot() },
    "POST /api/v1/tokens": { name: "Fuzz token" },
    "POST /api/auth/login": { email: "nobody@fuzz.example", password: "not the password" },
    "POST /api/v1/bots": { workspaceId, bot: greetingBot() },
    "PATCH /api/v1/bots/:botId": { bot: { name: "Renamed", settings: { general: { isBrandingEnabled: true } } } },
    "POST /api/v1/bots/:publicId/startChat": {
      message: "hi",
      prefilledVariables: { Said: "x" },
      textBubbleContentFormat: "markdown",
    },
    "POST /api/v1/bots/:botId/preview/startChat": {
      bot: greetingBot(),
      startFrom: { type: "group", groupId: "g-hello" },
    },
    "POST /api/v1/sessions/:sessionId/continueChat": {
      message: { type: "text", text: "Ada", attachedFileUrls: ["https://x.example/a.png"] },
    },
    "POST /api/v1/sessions/:sessionId/clientLogs": {
      clientLogs: [{ status: "info", description: "d", details: { a: [1] } }],
    },
    "POST /api/v1/workspaces/:workspaceId/credentials": {
      type: "smtp",
      name: "Mail",
      data: { host: "127.0.0.1", port: 2525, from: "a@b.example" },
    },
    "POST /api/v1/sessions/:sessionId/streamMessage": { messages: [{ role: "user", content: "hi" }] },
  };
  const table = apiRoutes(server.ctx).map((route) => ({
    method: route.method,
    url: route.url,
    queryKeys: route.query instanceof z.ZodObject ? Object.keys(route.query.shape) : [],
    sample: samples[`${route.method} ${route.url}`] ?? {},
  }));
  const beside = [
    { method: "GET", url: "/api/openapi.json" },
    { method: "GET", url: "/api/docs" },
    { method: "GET", url: "/api/v1/nowhere/:botId" },
    { method: "POST", url: "/api/v1/sessions/:sessionId/files" },
  ].map((route) => ({ ...route, queryKeys: [], sample: {} }));
  return [...table, ...beside];
}

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);

function paramChoice(name: string): fc.Arbitrary<ParamChoice> {
  const fixture = (
    ["workspaceId", "botId", "publicId", "sessionId", "resultId", "credentialsId", "tokenId"] as const
  ).find((key) => key === name);
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant<ParamChoice>(fixture ? { fixture } : { raw: "unknown-id", encode: true }) },
    { weight: 1, arbitrary: fc.constant<ParamChoice>({ fixture: "strangerWorkspaceId" }) },
    { weight: 3, arbitrary: fuzzString.map<ParamChoice>((raw) => ({ raw, encode: true })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("..", "%", "%zz", "%2e%2e", "a b", "x?y=1", "%F0%9F")
        .map<ParamChoice>((raw) => ({ raw, encode: false })),
    },
  );
}

function bodyChoice(target: Target): fc.Arbitrary<BodyChoice> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: mutate(target.sample).map<BodyChoice>((value) => ({
        kind: "json",
        value,
        contentType: "application/json",
      })),
    },
    {
      weight: 2,
      arbitrary: rawJsonBodies.map<BodyChoice>((text) => ({ kind: "raw", text, contentType: "application/json" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fuzzValue, contentTypes)
        .map<BodyChoice>(([value, contentType]) => ({ kind: "json", value, contentType })),
    },
    { weight: 1, arbitrary: fc.constant<BodyChoice>({ kind: "none" }) },
    {
      weight: 1,
      arbitrary: fc.constant<BodyChoice>({ kind: "json", value: undefined, contentType: "application/json" }),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 0, max: 40 })
        .chain((n) => (n === 0 ? hugeBody : fc.constant("{}")))
        .map<BodyChoice>((text) => ({ kind: "raw", text, contentType: "application/json" })),
    },
  );
}

function requestFor(target: Target): fc.Arbitrary<FuzzRequest> {
  const query = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...(target.queryKeys.length ? target.queryKeys : ["q"]), "__proto__[polluted]", "constructor"),
        fc.string({ maxLength: 8 }),
      ),
      fuzzQueryValue,
    ),
    { maxLength: 4 },
  );
  return fc.record({
    target: fc.constant(target),
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(target.method) },
      { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD") },
    ),
    params: fc.tuple(...paramNames(target.url).map(paramChoice)),
    query,
    body: bodyChoice(target),
    auth: fc.constantFrom("owner", "owner", "owner", "owner", "stranger", "revoked", "garbage", "none"),
    origin: fc.boolean(),
  }) as fc.Arbitrary<FuzzRequest>;
}

/** encodeURIComponent refuses lone surrogates; a browser would send U+FFFD for them, so does this. */
const encodePathValue = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );

async function send(
  request: FuzzRequest,
): Promise<{ status: number; text: string; headers: Headers; description: string }> {
  const names = paramNames(request.target.url);
  let path = request.target.url;
  names.forEach((name, i) => {
    const choice = request.params[i];
    const value =
      "fixture" in choice
        ? choice.fixture === "strangerWorkspaceId"
          ? strangerWorkspaceId
          : fixtures[choice.fixture]
        : choice.raw;
    path = path.replace(`:${name}`, "fixture" in choice || choice.encode ? encodePathValue(value) : value);
  });
  const search = new URLSearchParams(request.query).toString();
  const url = `${server.url}${path}${search ? `?${search}` : ""}`;
  const headers: Record<string, string> = {};
  if (request.auth === "garbage") headers.authorization = "Bearer not a token!";
  else if (request.auth !== "none") headers.authorization = `Bearer ${tokens[request.auth]}`;
  if (request.origin) headers.origin = "https://elsewhere.example";
  let body: string | undefined;
  const canHaveBody = request.method !== "GET" && request.method !== "HEAD";
  if (canHaveBody && request.body.kind !== "none") {
    headers["content-type"] = request.body.contentType;
    body =
      request.body.kind === "raw"
        ? request.body.text
        : request.body.value === undefined
          ? ""
          : JSON.stringify(request.body.value);
  }
  const description = `${request.method} ${url.slice(0, 300)} auth=${request.auth} body=${(body ?? "").slice(0, 300)}`;
  if (process.env.FUZZ_DUMP) lastBodies.set(description, { url, method: request.method, headers, body });
  const response = await fetch(url, { method: request.method, headers, body, signal: AbortSignal.timeout(15_000) });
  sent++;
  // An event stream that opened (the Inbox's, for one) only ends when its reader goes: its status and
  // headers are the answer.
  const streaming = response.ok && response.headers.get("content-type")?.startsWith("text/event-stream");
  const text = streaming ? "" : await response.text();
  if (streaming) await response.body?.cancel();
  return { status: response.status, text, headers: response.headers, description };
}

/** The contract every answer must keep, whatever was asked. */
function checkAnswer(answer: Awaited<ReturnType<typeof send>>, method: string): string | undefined {
  statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500) return `${answer.status} ${answer.text.slice(0, 500)}`;
  if (answer.headers.get("x-content-type-options") !== "nosniff") return "no nosniff header";
  const cookie = answer.headers.get("set-cookie");
  if (cookie && !(/;\s*HttpOnly/i.test(cookie) && /;\s*SameSite=(Lax|Strict)/i.test(cookie)))
    return `a cookie without HttpOnly and SameSite: ${cookie}`;
  if (answer.status < 400 || method === "HEAD") return undefined;
  let body: any;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `4xx without a JSON body: ${answer.text.slice(0, 200)}`;
  }
  const entry = errorCodes[body?.code as keyof typeof errorCodes];
  if (!entry) return `unknown error code in ${answer.text.slice(0, 200)}`;
  if (typeof body.message !== "string" || body.message === "") return `no message in ${answer.text.slice(0, 200)}`;
  if (entry.status !== answer.status) return `code ${body.code} sent with status ${answer.status}`;
  return undefined;
}

describe("fuzzing every route", () => {
  it(`survives ${RUNS * REQUESTS_PER_RUN} generated and mutated requests without a 5xx, and still works afterwards`, async () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const requests = fc.constantFrom(...targets).chain(requestFor);
    let run = 0;
    const details = await fc.check(
      fc.asyncProperty(
        fc.array(requests, { minLength: REQUESTS_PER_RUN, maxLength: REQUESTS_PER_RUN }),
        async (batch) => {
          // Fuzzed deletes and finished chats use fixtures up: renew them now and then.
          if (++run % 40 === 0) fixtures = await freshFixtures(fixtures.workspaceId);
          const answers = await Promise.all(batch.map(async (request) => ({ request, answer: await send(request) })));
          for (const { request, answer } of answers) {
            const fault = checkAnswer(answer, request.method);
            if (fault) throw new Error(`${answer.status}: ${fault}\n  request: ${answer.description}`);
          }
        },
      ),
      { numRuns: RUNS, endOnFailure: true, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
    // The counterexample itself can be megabytes of generated text: report the faulty request only.
    if (details.failed && process.env.FUZZ_DUMP) {
      const { writeFileSync } = await import("node:fs");
      const message = (details.errorInstance as Error).message;
      writeFileSync(
        process.env.FUZZ_DUMP,
        JSON.stringify({ request: lastBodies.get(message.split("request: ")[1]) ?? null, serverErrors }),
      );
    }
    if (details.failed)
      throw new Error(`seed ${details.seed}: ${(details.errorInstance as Error | undefined)?.message ?? "failed"}`);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    // The 4xx paths were really exercised, and so were the successful ones.
    expect(statusCounts.get(200) ?? 0).toBeGreaterThan(500);
    expect(statusCounts.get(400) ?? 0).toBeGreaterThan(500);
    expect(statusCounts.get(404) ?? 0).toBeGreaterThan(500);
    console.info(
      `fuzzed ${sent} requests; answers by status: ${JSON.stringify(Object.fromEntries([...statusCounts].sort()))}`,
    );

    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const health = await createClient(server.baseUrl).get("/health");
    expect(health).toMatchObject({ status: 200, body: { status: "ok" } });
    const { publicId } = await publishBot(owner, fixtures.workspaceId, greetingBot());
    const chat = createClient(server.baseUrl);
    const start = await chat.post(`/v1/bots/${publicId}/startChat`, {});
    expect(start.status).toBe(200);
    const reply = await chat.post(`/v1/sessions/${start.body.sessionId}/continueChat`, { message: "Ada" });
    expect(reply.body).toEqual({
      messages: [
        {
          id: "b-thanks",
          type: "text",
          content: { type: "richText", richText: [{ type: "p", children: [{ text: "Nice to meet you, Ada." }] }] },
        },
      ],
    });
  }, 120_000);
});
