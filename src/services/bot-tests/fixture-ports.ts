import type {
  AiMessage,
  AiPort,
  EnginePorts,
  HttpPort,
  HttpRequest,
  KnowledgePort,
  MailerPort,
  MailMessage,
} from "../../engine/ports.js";
import { chatCompletionOverAi } from "../../integrations/ai/legacy-chat-completion.js";
import type { AiFixture, HttpFixture, KnowledgeFixture } from "./test-file.js";

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

/** The request's model and its last words, so that a missing fixture names the call it was for. */
function describeAiCall(request: { model: string }, lastWords: string | undefined): string {
  return `model ${request.model}${lastWords ? `, ${lastWords.slice(0, 500)}` : ""}`;
}

function lastMessage(messages: readonly AiMessage[]): string | undefined {
  const last = messages.at(-1);
  if (!last) return undefined;
  const text =
    typeof last.content === "string"
      ? last.content
      : last.content.map((part) => ("text" in part ? part.text : part.url)).join(" ");
  return `last message (${last.role}): ${text}`;
}

/**
 * Every AI block (and the legacy OpenAI block, which runs over the same port) answered by
 * `fixtures.ai`, in order, whichever action asked: a chat answer is the fixture's reply, a
 * structured extraction reads the reply as a JSON object, speech gives the reply as the audio URL.
 */
export function fixtureAiPort(queue: AiFixtureQueue, record: FixtureRecord): AiPort {
  const missing = { ok: false as const, error: "No AI fixture left" };
  const next = (description: string) => {
    const fixture = queue.take();
    if (!fixture) record.unanswered ??= `No AI fixture left for the request (${description})`;
    return fixture;
  };
  return {
    async chat(request) {
      const fixture = next(describeAiCall(request, lastMessage(request.messages)));
      return fixture ? { ok: true, text: fixture.reply, usage: {} } : missing;
    },
    async streamChat(request) {
      const fixture = next(describeAiCall(request, lastMessage(request.messages)));
      if (!fixture) return missing;
      return {
        ok: true,
        chunks: (async function* () {
          yield fixture.reply;
        })(),
        result: Promise.resolve({ ok: true as const, text: fixture.reply, usage: {} }),
      };
    },
    async generateObject(request) {
      const fixture = next(describeAiCall(request, `prompt: ${request.prompt}`));
      if (!fixture) return missing;
      try {
        const object: unknown = JSON.parse(fixture.reply);
        if (object && typeof object === "object" && !Array.isArray(object))
          return { ok: true, object: object as Record<string, unknown> };
      } catch {}
      return { ok: false, error: "The AI fixture's reply is not a JSON object" };
    },
    async askModel(request) {
      const fixture = next(describeAiCall(request, `input: ${request.input}`));
      return fixture ? { ok: true, text: fixture.reply, responseId: "resp_fixture" } : missing;
    },
    async askAssistant(request) {
      const fixture = next(describeAiCall(request, `message: ${request.message}`));
      return fixture ? { ok: true, text: fixture.reply, threadId: "thread_fixture" } : missing;
    },
    async createSpeech(request) {
      const fixture = next(describeAiCall(request, `speech of: ${request.input}`));
      return fixture ? { ok: true, url: fixture.reply } : missing;
    },
    async transcribe(request) {
      const fixture = next(describeAiCall(request, `transcription of ${request.audioUrl}`));
      return fixture ? { ok: true, text: fixture.reply } : missing;
    },
  };
}

export type AiFixtureQueue = { take(): AiFixture | undefined; remaining(): number };

/** `fixtures.ai` in order: each AI answer takes the next one, whichever AI block asked. */
export function aiFixtureQueue(fixtures: readonly AiFixture[]): AiFixtureQueue {
  let index = 0;
  return { take: () => fixtures[index++], remaining: () => Math.max(0, fixtures.length - index) };
}

/**
 * Every knowledge block's search answered by `fixtures.knowledge`, in order: the fixture's passages,
 * best first. A search with none left fails the step, naming the question it was for.
 */
export function fixtureKnowledgePort(fixtures: readonly KnowledgeFixture[], record: FixtureRecord): KnowledgePort {
  let index = 0;
  return {
    async search(request) {
      const fixture = fixtures[index++];
      if (!fixture) {
        record.unanswered ??= `No knowledge fixture left for the search of "${request.query}" in ${request.knowledgeBaseId}`;
        return { ok: false, error: "No knowledge fixture left" };
      }
      const hits = fixture.hits.map((hit, ordinal) => ({
        chunkId: `fixture-${index}-${ordinal + 1}`,
        documentId: hit.document,
        documentName: hit.document,
        ...(hit.url ? { url: hit.url } : {}),
        headingPath: hit.headings,
        ...(hit.page !== undefined ? { page: hit.page } : {}),
        text: hit.text,
        score: hit.score,
      }));
      return { ok: true, hits };
    },
  };
}

/**
 * E-mails are captured, never sent: the engine hands them over as its turn's effects (see
 * run-conversation.ts); this port only says that the Email block can run.
 */
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
  fixtures: { http: readonly HttpFixture[]; ai: readonly AiFixture[]; knowledge: readonly KnowledgeFixture[] },
  record: FixtureRecord,
  extra: Pick<EnginePorts, "sandbox" | "bots"> = {},
): EnginePorts {
  const ai = fixtureAiPort(aiFixtureQueue(fixtures.ai), record);
  return {
    clock: { now: () => new Date(TEST_CLOCK) },
    random: seededRandom(conversationName),
    http: fixtureHttpPort(fixtures.http, record),
    mailer: capturingMailer(record),
    ai,
    chatCompletion: chatCompletionOverAi(ai),
    knowledge: fixtureKnowledgePort(fixtures.knowledge, record),
    ...extra,
  };
}
