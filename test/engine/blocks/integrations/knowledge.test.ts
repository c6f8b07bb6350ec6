import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TurnResult } from "../../../../src/engine/chat-turn.js";
import { continueSession } from "../../../../src/engine/continue-session.js";
import type { EnginePorts, KnowledgeHit, KnowledgePort } from "../../../../src/engine/ports.js";
import { richTextToPlainText } from "../../../../src/engine/rich-text/plain-text.js";
import type { RichTextNode } from "../../../../src/engine/rich-text/types.js";
import { startSession } from "../../../../src/engine/start-session.js";
import type { RuntimeBot } from "../../../../src/engine/runtime-bot.js";
import { createAiPort } from "../../../../src/integrations/ai/ai-port.js";
import type { CredentialsVault } from "../../../../src/integrations/credentials/credentials-vault.js";
import { FAKE_KEY, fakeOpenAi } from "../../../helpers/ai-fakes.js";
import { engineBot, fakePorts, group, text } from "../../../helpers/engine-bot.js";

let fake: Awaited<ReturnType<typeof fakeOpenAi>>;
let ai: NonNullable<EnginePorts["ai"]>;
beforeAll(async () => {
  fake = await fakeOpenAi();
  const vault = {
    resolve: async (_type: string, id: string) =>
      id === "cred" ? { apiKey: FAKE_KEY, baseUrl: `${fake.url}/v1` } : undefined,
  } as unknown as CredentialsVault;
  ai = createAiPort({ vault, guard: { enabled: false, allowedHosts: [] }, storeAudio: async () => "" });
});
afterAll(() => fake.close());

const refunds: KnowledgeHit = {
  chunkId: "c1",
  documentId: "d1",
  documentName: "Handbook.pdf",
  headingPath: ["Policies", "Refunds"],
  page: 4,
  text: "Refunds are paid within 14 days.",
  score: 0.82,
};
const faq: KnowledgeHit = {
  chunkId: "c2",
  documentId: "d2",
  documentName: "Help centre FAQ",
  url: "https://help.example.com/faq",
  headingPath: ["Payments"],
  text: "We accept cards and bank transfers.",
  score: 0.41,
};

/** A knowledge base in memory: the hits it gives whatever the question, and the searches asked of it. */
function fakeKnowledge(hits: KnowledgeHit[] | { error: string }) {
  const searches: { knowledgeBaseId: string; query: string; limit: number }[] = [];
  const port: KnowledgePort = {
    async search(request, scope) {
      searches.push({ knowledgeBaseId: request.knowledgeBaseId, query: request.query, limit: request.limit });
      expect(scope.workspaceId).toBe("ws");
      return Array.isArray(hits) ? { ok: true, hits } : { ok: false, error: hits.error };
    },
  };
  return { port, searches };
}

const variables = [
  { id: "v-q", name: "Question" },
  { id: "v-answer", name: "Answer" },
  { id: "v-sources", name: "Sources" },
  { id: "v-hits", name: "Passages" },
  { id: "v-best", name: "Best" },
];

/** Asks a question, answers it from the knowledge base; "No good match" apologises; both end on "Anything else?". */
function answerBot(options: Record<string, unknown> = {}): RuntimeBot {
  return engineBot({
    groups: [
      group("g-ask", [
        text("t-ask", "What would you like to know?"),
        { id: "q", type: "text input", options: { variableId: "v-q" } },
        {
          id: "kb",
          type: "knowledge answer",
          items: [{ id: "kb-no-match", outgoingEdgeId: "e-no-match" }],
          outgoingEdgeId: "e-done",
          options: {
            knowledgeBaseId: "kb-1",
            threshold: 0.5,
            provider: "openai",
            credentialsId: "cred",
            model: "gpt-test",
            instructions: "Answer in English.",
            answerVariableId: "v-answer",
            sourcesVariableId: "v-sources",
            ...options,
          },
        },
      ]),
      group("g-sorry", [text("t-sorry", "Sorry, I found nothing about that.")]),
      group("g-done", [text("t-else", "Anything else? ({{Answer}})")]),
    ],
    edges: [
      { id: "e-start", from: { eventId: "start" }, to: { groupId: "g-ask" } },
      { id: "e-no-match", from: { blockId: "kb", itemId: "kb-no-match" }, to: { groupId: "g-sorry" } },
      { id: "e-done", from: { blockId: "kb" }, to: { groupId: "g-done" } },
    ],
    variables,
  });
}

const shown = (turn: TurnResult) =>
  turn.reply.messages.map((message) => richTextToPlainText(message.content.richText as RichTextNode[]));
const savedValue = (turn: TurnResult, id: string) => turn.state.variables.find((variable) => variable.id === id)?.value;

async function ask(bot: RuntimeBot, question: string, ports: Partial<EnginePorts>, format = "richText" as const) {
  const options = { ports: { ...fakePorts(), ...ports }, format };
  const start = await startSession({ bot, mode: "live", workspaceId: "ws", resultId: "r-1" }, options);
  return continueSession(bot, start.state, question, options);
}

describe("Knowledge answer block", () => {
  it("answers from the numbered passages, then shows the sources, and saves both", async () => {
    const knowledge = fakeKnowledge([refunds, faq]);
    const before = fake.calls("/v1/chat/completions").length;
    const turn = await ask(answerBot(), "How long do refunds take?", { knowledge: knowledge.port, ai });

    expect(knowledge.searches).toEqual([{ knowledgeBaseId: "kb-1", query: "How long do refunds take?", limit: 5 }]);
    expect(shown(turn)).toEqual([
      "You said: How long do refunds take?",
      "Sources:\n[1] Handbook.pdf › Policies › Refunds, p. 4\n[2] Help centre FAQ",
      "Anything else? (You said: How long do refunds take?)",
    ]);
    // A web document's source links to its page.
    const sources = turn.reply.messages[1]?.content.richText as RichTextNode[];
    expect(sources[2]).toEqual({
      type: "p",
      children: [
        { text: "[2] " },
        { type: "a", url: "https://help.example.com/faq", children: [{ text: "Help centre FAQ" }] },
      ],
    });
    expect(savedValue(turn, "v-answer")).toBe("You said: How long do refunds take?");
    expect(savedValue(turn, "v-sources")).toEqual([
      "Handbook.pdf › Policies › Refunds (p. 4)",
      "https://help.example.com/faq",
    ]);

    const [call] = fake.calls("/v1/chat/completions", before);
    const messages = call?.json?.messages as { role: string; content: string }[];
    expect(messages[0]?.role).toBe("system");
    expect(messages[0]?.content).toContain("Cite the passages you use as [1], [2]…");
    expect(messages[0]?.content).toContain("Answer in English.");
    expect(messages[0]?.content).toContain(
      "[1] Handbook.pdf › Policies › Refunds, p. 4\nRefunds are paid within 14 days.\n\n[2] Help centre FAQ › Payments <https://help.example.com/faq>\nWe accept cards and bank transfers.",
    );
    expect(messages[1]).toEqual({ role: "user", content: "How long do refunds take?" });
  });

  it("lists only the passages the answer cites, under their own numbers", async () => {
    // The fake model repeats the question, so a question that cites [2] gets an answer citing [2].
    const turn = await ask(answerBot(), "What about payments [2]?", {
      knowledge: fakeKnowledge([refunds, faq]).port,
      ai,
    });
    expect(shown(turn)[1]).toBe("Sources:\n[2] Help centre FAQ");
    expect(savedValue(turn, "v-sources")).toEqual(["https://help.example.com/faq"]);
  });

  it("names a source after its document once, when the document is named after its title heading", async () => {
    const titled = { ...refunds, documentName: "Shop handbook", headingPath: ["Shop handbook", "Pricing", "Refunds"] };
    const turn = await ask(answerBot(), "What about refunds [1]?", { knowledge: fakeKnowledge([titled]).port, ai });
    expect(shown(turn)[1]).toBe("Sources:\n[1] Shop handbook › Pricing › Refunds, p. 4");
  });

  it("takes the No good match exit when the best passage scores under the threshold, without asking the model", async () => {
    const before = fake.calls("/v1/chat/completions").length;
    const turn = await ask(answerBot({ threshold: 0.9 }), "Do you ship to Mars?", {
      knowledge: fakeKnowledge([refunds, faq]).port,
      ai,
    });
    expect(shown(turn)).toEqual(["Sorry, I found nothing about that."]);
    expect(savedValue(turn, "v-answer")).toBeUndefined();
    expect(fake.calls("/v1/chat/completions", before)).toHaveLength(0);
  });

  it("takes the No good match exit when nothing is found", async () => {
    const turn = await ask(answerBot(), "Anything?", { knowledge: fakeKnowledge([]).port, ai });
    expect(shown(turn)).toEqual(["Sorry, I found nothing about that."]);
  });

  it("without knowledge on the server, logs it and goes on along the block's edge", async () => {
    const turn = await ask(answerBot(), "How long do refunds take?", { ai });
    expect(shown(turn)).toEqual(["Anything else? ()"]);
    expect(turn.reply.logs).toEqual([
      { status: "error", description: "Knowledge bases are not available on this server" },
    ]);
  });

  it("logs a failed search and missing credentials, and goes on", async () => {
    const failed = await ask(answerBot(), "Refunds?", {
      knowledge: fakeKnowledge({ error: "Knowledge base not found" }).port,
      ai,
    });
    expect(failed.reply.logs).toEqual([
      { status: "error", description: "Knowledge base not found", context: "While searching the knowledge base" },
    ]);
    const noCredentials = await ask(answerBot({ credentialsId: undefined }), "Refunds?", {
      knowledge: fakeKnowledge([refunds]).port,
      ai,
    });
    expect(noCredentials.reply.logs).toEqual([
      { status: "error", description: "Could not find credentials for block openai" },
    ]);
    expect(shown(noCredentials)).toEqual(["Anything else? ()"]);
  });

  it("asks the last answer when the question is left empty, and a written question with its variables otherwise", async () => {
    const knowledge = fakeKnowledge([refunds]);
    await ask(answerBot({ query: "" }), "  refunds please ", { knowledge: knowledge.port, ai });
    await ask(answerBot({ query: "Policy on: {{Question}}", limit: 2 }), "refunds", { knowledge: knowledge.port, ai });
    expect(knowledge.searches).toEqual([
      { knowledgeBaseId: "kb-1", query: "refunds please", limit: 5 },
      { knowledgeBaseId: "kb-1", query: "Policy on: refunds", limit: 2 },
    ]);
  });

  it("sends the answer and sources as markdown to a client that asked for it", async () => {
    const turn = await ask(
      answerBot(),
      "Payments",
      { knowledge: fakeKnowledge([faq, refunds]).port, ai },
      "markdown" as never,
    );
    expect(turn.reply.messages[1]?.content).toEqual({
      type: "markdown",
      markdown: expect.stringContaining("[Help centre FAQ](https://help.example.com/faq)"),
    });
  });
});

describe("Knowledge answer block, streamed", () => {
  it("asks a streaming client to stream the answer, then shows its sources and saves both once it comes back", async () => {
    const knowledge = fakeKnowledge([refunds, faq]);
    const options = { ports: { ...fakePorts(), knowledge: knowledge.port, ai }, format: "richText" as const };
    const bot = answerBot();
    const start = await startSession(
      { bot, mode: "live", workspaceId: "ws", resultId: "r-1", isStreamEnabled: true },
      options,
    );
    const asked = await continueSession(bot, start.state, "How long do refunds take?", options);
    expect(asked.reply.messages).toEqual([]);
    expect(asked.reply.clientSideActions).toEqual([{ type: "stream", stream: true, expectsDedicatedReply: true }]);

    const done = await continueSession(bot, asked.state, "Within 14 days [1].", options);
    expect(shown(done)).toEqual([
      "Sources:\n[1] Handbook.pdf › Policies › Refunds, p. 4",
      "Anything else? (Within 14 days [1].)",
    ]);
    expect(savedValue(done, "v-sources")).toEqual(["Handbook.pdf › Policies › Refunds (p. 4)"]);
    expect(done.state.transcript.slice(-3)).toEqual([
      { role: "bot", text: "Within 14 days [1]." },
      { role: "bot", text: "Sources:\n[1] Handbook.pdf › Policies › Refunds (p. 4)" },
      { role: "bot", text: "Anything else? (Within 14 days [1].)" },
    ]);
  });
});

describe("Search knowledge block", () => {
  const searchBot = (options: Record<string, unknown>) =>
    engineBot({
      groups: [
        group("g", [
          { id: "q", type: "text input", options: { variableId: "v-q" } },
          { id: "s", type: "search knowledge", options: { knowledgeBaseId: "kb-1", ...options } },
          text("t", "{{Passages}} | {{Sources}} | {{Best}}"),
        ]),
      ],
      variables,
    });

  it("saves the passages best first, their sources once each, and the best score", async () => {
    const second: KnowledgeHit = { ...refunds, chunkId: "c3", text: "Refunds go to the original card.", score: 0.7 };
    const knowledge = fakeKnowledge([faq, refunds, second]);
    const turn = await ask(
      searchBot({ limit: 3, hitsVariableId: "v-hits", sourcesVariableId: "v-sources", bestScoreVariableId: "v-best" }),
      "refunds",
      { knowledge: knowledge.port },
    );
    expect(knowledge.searches).toEqual([{ knowledgeBaseId: "kb-1", query: "refunds", limit: 3 }]);
    expect(savedValue(turn, "v-hits")).toEqual([refunds.text, second.text, faq.text]);
    expect(savedValue(turn, "v-sources")).toEqual([
      "Handbook.pdf › Policies › Refunds (p. 4)",
      "https://help.example.com/faq",
    ]);
    expect(savedValue(turn, "v-best")).toBe("0.82");
  });

  it("with nothing found, empties the lists and clears the score", async () => {
    const turn = await ask(searchBot({ hitsVariableId: "v-hits", bestScoreVariableId: "v-best" }), "zzz", {
      knowledge: fakeKnowledge([]).port,
    });
    expect(savedValue(turn, "v-hits")).toEqual([]);
    expect(savedValue(turn, "v-best")).toBeNull();
  });

  it("without a knowledge base chosen, logs it", async () => {
    const turn = await ask(searchBot({ knowledgeBaseId: undefined }), "refunds", { knowledge: fakeKnowledge([]).port });
    expect(turn.reply.logs).toEqual([{ status: "error", description: "No knowledge base selected" }]);
  });
});
