import type {
  ChatCompletionPort,
  ChatCompletionRequest,
  EnginePorts,
  HttpPort,
  HttpRequest,
  MailerPort,
  MailMessage,
} from "../../engine/ports.js";
import type { AiFixture, HttpFixture } from "./test-file.js";

/** The instant every test conversation happens at, so that dates in a flow are the same on every run. */
export const TEST_CLOCK = "2026-01-01T12:00:00.000Z";

/** What a conversation's integrations did: the first request no fixture answered, and the e-mails. */
export type FixtureRecord = {
  /** Set once: the request shown in the failure. */
  unanswered?: string;
  emails: MailMessage[];
};

/** mulberry32 seeded from the conversation's name: the same draws on every run. */
export function seededRandom(seedText: string): EnginePorts["random"] {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619) >>> 0;
  let ids = 0;
  return {
    id: () => `test-${(++ids).toString().padStart(4, "0")}`,
    number: () => {
      seed = (seed + 0x6d2b79f5) >>> 0;
      let t = seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

function describeRequest(request: HttpRequest): string {
  const body = request.body ? `\n    body: ${request.body.slice(0, 2000)}` : "";
  return `${request.method.toUpperCase()} ${request.url}${body}`;
}

/** HTTP answered from fixtures only (method and URL, exactly); nothing leaves the machine. */
export function fixtureHttpPort(fixtures: readonly HttpFixture[], record: FixtureRecord): HttpPort {
  return {
    async request(request) {
      const method = request.method.toUpperCase();
      const fixture = fixtures.find((candidate) => candidate.method === method && candidate.url === request.url);
      if (!fixture) {
        const shown = describeRequest(request);
        record.unanswered ??= `No HTTP fixture for the request ${shown}`;
        return { statusCode: 500, data: undefined, error: { kind: "failed", message: `No fixture for ${method}` } };
      }
      return { statusCode: fixture.status, data: fixture.body };
    },
  };
}

function describeCompletion(request: ChatCompletionRequest): string {
  const last = request.messages.at(-1);
  return `model ${request.model}${last ? `, last message (${last.role}): ${last.content.slice(0, 500)}` : ""}`;
}

/**
 * The legacy OpenAI block's chat completions answered by `fixtures.ai`, in order. The AI blocks'
 * own port (EnginePorts' AI port, once it exists) takes the same queue: see `aiFixtureQueue`.
 */
export function fixtureChatCompletionPort(queue: AiFixtureQueue, record: FixtureRecord): ChatCompletionPort {
  const next = (request: ChatCompletionRequest) => {
    const fixture = queue.take();
    if (!fixture) record.unanswered ??= `No AI fixture left for the request (${describeCompletion(request)})`;
    return fixture;
  };
  return {
    async complete(request) {
      const fixture = next(request);
      return fixture ? { ok: true, content: fixture.reply } : { ok: false, error: "No AI fixture left" };
    },
    async stream(request) {
      const fixture = next(request);
      if (!fixture) return { ok: false, error: "No AI fixture left" };
      return {
        ok: true,
        chunks: (async function* () {
          yield fixture.reply;
        })(),
      };
    },
  };
}

export type AiFixtureQueue = { take(): AiFixture | undefined; remaining(): number };

/** `fixtures.ai` in order: each AI answer takes the next one, whichever AI block asked. */
export function aiFixtureQueue(fixtures: readonly AiFixture[]): AiFixtureQueue {
  let index = 0;
  return { take: () => fixtures[index++], remaining: () => Math.max(0, fixtures.length - index) };
}

/** E-mails are captured, never sent. */
export function capturingMailer(record: FixtureRecord): MailerPort {
  return {
    async send(message) {
      record.emails.push(message);
      return { ok: true, from: "parley-test@localhost" };
    },
  };
}

/**
 * The world of one test conversation: a fixed clock, seeded random numbers, integrations answered
 * by its fixtures. `sandbox` runs the bot's code (its fetch must go through `http` here too).
 */
export function testPorts(
  conversationName: string,
  fixtures: { http: readonly HttpFixture[]; ai: readonly AiFixture[] },
  record: FixtureRecord,
  extra: Pick<EnginePorts, "sandbox" | "bots"> = {},
): EnginePorts {
  return {
    clock: { now: () => new Date(TEST_CLOCK) },
    random: seededRandom(conversationName),
    http: fixtureHttpPort(fixtures.http, record),
    mailer: capturingMailer(record),
    chatCompletion: fixtureChatCompletionPort(aiFixtureQueue(fixtures.ai), record),
    ...extra,
  };
}
