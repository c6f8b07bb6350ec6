import { describe, expect, it } from "vitest";
import { difyAiExecutor } from "../../../../../src/engine/blocks/integrations/plugins/dify-ai.js";
import type { DifyChatRequest, DifyChatResult, DifyPort } from "../../../../../src/engine/ports.js";
import { integrationContext } from "../integration-context.js";

/** Dify.AI's executor against a fake port: the message it sends, the variables it sets, what it logs. */
const block = (options: Record<string, unknown>) =>
  ({ id: "d", type: "dify-ai", outgoingEdgeId: "e-next", options: { credentialsId: "c1", ...options } }) as never;

const variables = [
  { id: "v-question", name: "Question", value: "Opening hours?" },
  { id: "v-city", name: "City", value: "Lyon" },
  { id: "v-answer", name: "Answer" },
  { id: "v-conversation", name: "Conversation", value: "conv-0" },
  { id: "v-tokens", name: "Tokens" },
  { id: "v-chunks", name: "Chunks" },
];

function fakeDify(answer: DifyChatResult) {
  const sent: DifyChatRequest[] = [];
  const retrieved: unknown[] = [];
  const port: DifyPort = {
    async chatMessage(request) {
      sent.push(request);
      return answer;
    },
    streamChatMessage: async () => ({ ok: false, error: "not streamed here" }),
    async retrieve(request) {
      retrieved.push(request);
      return { ok: true, chunks: ["Open 9 to 5", "Closed on Sunday"] };
    },
  };
  return { port, sent, retrieved };
}

const run = (options: Record<string, unknown>, port: DifyPort) =>
  difyAiExecutor.execute(block(options), integrationContext({ variables, ports: { difyAi: port } }));

const chatOptions = {
  action: "Create Chat Message",
  query: "{{Question}}",
  user: "",
  inputs: [{ key: "city", value: "{{City}}" }],
  conversationVariableId: "v-conversation",
  responseMapping: [
    { item: "Message content", variableId: "v-answer" },
    { item: "Total tokens", variableId: "v-tokens" },
  ],
};

describe("Dify.AI: Create Chat Message", () => {
  it("sends the query and inputs with the chat's values in the stored conversation, and stores every mapped item", async () => {
    const dify = fakeDify({
      ok: true,
      answer: "From 9 to 5.",
      conversationId: "conv-1",
      usage: { totalTokens: 42, promptTokens: 30, completionTokens: 12 },
    });
    const outcome = await run(chatOptions, dify.port);
    expect(dify.sent).toEqual([
      {
        credentialsId: "c1",
        query: "Opening hours?",
        user: expect.any(String),
        inputs: { city: "Lyon" },
        conversationId: "conv-0",
      },
    ]);
    expect(outcome.variables).toEqual(
      expect.arrayContaining([
        { id: "v-conversation", value: "conv-1" },
        { id: "v-answer", value: "From 9 to 5." },
        { id: "v-tokens", value: "42" },
      ]),
    );
    expect(outcome.variables).toHaveLength(3);
    expect(outcome.logs ?? []).toEqual([]);
    expect(outcome.outgoingEdgeId).toBe("e-next");
  });

  it("logs an empty query without calling Dify, and Dify's failure in Dify's words", async () => {
    const dify = fakeDify({ ok: false, error: "Invalid API key" });
    const empty = await run({ ...chatOptions, query: "  " }, dify.port);
    expect(empty.logs).toEqual([{ status: "error", description: "Query is empty" }]);
    expect(dify.sent).toEqual([]);
    const failed = await run(chatOptions, dify.port);
    expect(failed.variables ?? []).toEqual([]);
    expect(failed.logs).toEqual([{ status: "error", description: "Invalid API key" }]);
    expect(failed.outgoingEdgeId).toBe("e-next");
  });
});

describe("Dify.AI: Query Knowledge Base", () => {
  it("stores the retrieved chunks as a list", async () => {
    const dify = fakeDify({ ok: false, error: "unused" });
    const outcome = await run(
      {
        action: "Query Knowledge Base",
        datasetId: "kb-{{City}}",
        query: "{{Question}}",
        responseMapping: [{ variableId: "v-chunks" }],
      },
      dify.port,
    );
    expect(dify.retrieved).toEqual([{ credentialsId: "c1", datasetId: "kb-Lyon", query: "Opening hours?" }]);
    expect(outcome.variables).toEqual([{ id: "v-chunks", value: ["Open 9 to 5", "Closed on Sunday"] }]);
  });

  it("refuses a query without a result variable", async () => {
    const outcome = await run(
      { action: "Query Knowledge Base", datasetId: "kb", query: "q", responseMapping: [] },
      fakeDify({ ok: false, error: "unused" }).port,
    );
    expect(outcome.logs).toEqual([{ status: "error", description: "Missing result variable" }]);
  });
});
