import { describe, expect, it } from "vitest";
import { openAiExecutor } from "../../../../src/engine/blocks/integrations/openai.js";
import type { ChatCompletionPort, ChatCompletionRequest, IntegrationScope } from "../../../../src/engine/ports.js";
import type { OpenAiBlock } from "../../../../src/schemas/blocks/integrations/openai.js";
import { edge, group, text } from "../../../helpers/engine-bot.js";
import { botOf, integrationContext } from "./integration-context.js";

function fakeCompletion(content = "Hello there", failure?: { error: string; details?: string }) {
  const calls: { request: ChatCompletionRequest; scope: IntegrationScope }[] = [];
  const port: ChatCompletionPort = {
    complete: async (request, scope) => {
      calls.push({ request, scope });
      return failure
        ? { ok: false, ...failure }
        : { ok: true, content, usage: { totalTokens: 30, promptTokens: 20, completionTokens: 10 } };
    },
    stream: async () => ({ ok: false, error: "not used" }),
  };
  return { calls, port };
}

const variables = [
  { id: "v-q", name: "Question", value: "What is 2+2?" },
  { id: "v-users", name: "User messages", value: ["hi", "and you?"] },
  { id: "v-bots", name: "Assistant messages", value: "hello" },
  { id: "v-dialogue", name: "Dialogue", value: ["u1", "a1", "u2"] },
  { id: "v-answer", name: "Answer" },
  { id: "v-total", name: "Total" },
  { id: "v-prompt", name: "Prompt" },
  { id: "v-completion", name: "Completion" },
  { id: "v-temp", name: "Temperature", value: "0.4" },
];

const block = (options: Partial<NonNullable<OpenAiBlock["options"]>> = {}): OpenAiBlock => ({
  id: "ai",
  type: "OpenAI",
  outgoingEdgeId: "e-next",
  options: {
    task: "Create chat completion",
    credentialsId: "cred-1",
    messages: [
      { id: "m1", role: "system", content: "You answer {{Question}}" },
      { id: "m2", role: "user", content: "{{Question}}" },
      { id: "m3", role: "assistant", content: "{{Unknown}}" },
    ],
    responseMapping: [
      { id: "r1", variableId: "v-answer" },
      { id: "r2", valueToExtract: "Total tokens", variableId: "v-total" },
      { id: "r3", valueToExtract: "Prompt tokens", variableId: "v-prompt" },
      { id: "r4", valueToExtract: "Completion tokens", variableId: "v-completion" },
    ],
    ...options,
  },
});

describe("OpenAI block (chat completion)", () => {
  it("sends the templated messages and maps the reply and the token counts", async () => {
    const completion = fakeCompletion();
    const outcome = await openAiExecutor.execute(
      block({ advancedSettings: { temperature: "{{Temperature}}" } }),
      integrationContext({ variables, ports: { chatCompletion: completion.port } }),
    );
    expect(completion.calls).toEqual([
      {
        request: {
          baseUrl: "https://api.openai.com/v1",
          model: "gpt-3.5-turbo",
          credentialsId: "cred-1",
          temperature: 0.4,
          messages: [
            { role: "system", content: "You answer What is 2+2?" },
            { role: "user", content: "What is 2+2?" },
          ],
        },
        scope: { workspaceId: "ws-1", botId: "bot-1", mode: "live" },
      },
    ]);
    expect(outcome).toEqual({
      outgoingEdgeId: "e-next",
      variables: [
        { id: "v-answer", value: "Hello there" },
        { id: "v-total", value: "30" },
        { id: "v-prompt", value: "20" },
        { id: "v-completion", value: "10" },
      ],
    });
  });

  it("interleaves a messages sequence, turning a single text into a list, and appends the reply to a list", async () => {
    const completion = fakeCompletion("fine");
    const outcome = await openAiExecutor.execute(
      block({
        baseUrl: "http://127.0.0.1:9/v1",
        model: "local-model",
        messages: [
          {
            id: "s",
            role: "Messages sequence ✨",
            content: { userMessagesVariableId: "v-users", assistantMessagesVariableId: "v-bots" },
          },
        ],
        responseMapping: [{ id: "r", valueToExtract: "Message content", variableId: "v-bots" }],
      }),
      integrationContext({ variables, ports: { chatCompletion: completion.port } }),
    );
    expect(completion.calls[0].request.messages).toEqual([
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
      { role: "user", content: "and you?" },
    ]);
    expect(completion.calls[0].request.baseUrl).toBe("http://127.0.0.1:9/v1");
    expect(outcome.variables).toEqual([
      { id: "v-bots", value: ["hello"] },
      { id: "v-bots", value: ["hello", "fine"] },
    ]);
  });

  it("reads a dialogue list alternating speakers", async () => {
    const completion = fakeCompletion();
    const ctx = integrationContext({ variables, ports: { chatCompletion: completion.port } });
    await openAiExecutor.execute(
      block({ messages: [{ id: "d", role: "Dialogue", dialogueVariableId: "v-dialogue" }] }),
      ctx,
    );
    await openAiExecutor.execute(
      block({ messages: [{ id: "d", role: "Dialogue", dialogueVariableId: "v-dialogue", startsBy: "assistant" }] }),
      ctx,
    );
    expect(completion.calls.map((call) => call.request.messages.map((message) => message.role))).toEqual([
      ["user", "assistant", "user"],
      ["assistant", "user", "assistant"],
    ]);
  });

  it("asks for an account when OpenAI itself is called without credentials", async () => {
    const completion = fakeCompletion();
    const outcome = await openAiExecutor.execute(
      block({ credentialsId: undefined }),
      integrationContext({ variables, ports: { chatCompletion: completion.port } }),
    );
    expect(outcome).toEqual({
      outgoingEdgeId: "e-next",
      logs: [{ status: "error", description: "Make sure to select an OpenAI account" }],
    });
    expect(completion.calls).toEqual([]);
  });

  it("logs the server's error and goes on", async () => {
    const completion = fakeCompletion("", { error: "OpenAI API error - 401", details: "bad key" });
    const outcome = await openAiExecutor.execute(
      block(),
      integrationContext({ variables, ports: { chatCompletion: completion.port } }),
    );
    expect(outcome).toEqual({
      outgoingEdgeId: "e-next",
      logs: [{ status: "error", description: "OpenAI API error - 401", details: "bad key" }],
    });
  });

  it("logs the tasks this server does not run", async () => {
    const outcome = await openAiExecutor.execute(block({ task: "Create image" }), integrationContext({ variables }));
    expect(outcome.logs).toEqual([
      { status: "error", description: 'OpenAI task "Create image" is not supported by this server' },
    ]);
  });

  describe("streaming", () => {
    const streamingBot = (bubbleText: string, after: unknown[] = []) =>
      botOf({
        variables,
        groups: [group("g1", [{ ...block(), outgoingEdgeId: undefined }, text("bubble", bubbleText), ...after])],
      });

    it("answers a stream action when the next bubble shows only the reply", async () => {
      const completion = fakeCompletion();
      const bot = streamingBot("{{Answer}}");
      const outcome = await openAiExecutor.execute(
        bot.blockById.get("ai")!.block as OpenAiBlock,
        integrationContext({
          bot,
          variables,
          ports: { chatCompletion: completion.port },
          state: { isStreamEnabled: true },
        }),
      );
      expect(outcome.clientSideActions).toEqual([{ type: "stream", stream: true, expectsDedicatedReply: true }]);
      expect(completion.calls).toEqual([]);
    });

    it("calls the model at once when the bubble shows more than the reply or streaming is off", async () => {
      const completion = fakeCompletion();
      const other = streamingBot("Answer: {{Answer}}");
      await openAiExecutor.execute(
        other.blockById.get("ai")!.block as OpenAiBlock,
        integrationContext({
          bot: other,
          variables,
          ports: { chatCompletion: completion.port },
          state: { isStreamEnabled: true },
        }),
      );
      const plain = streamingBot("{{Answer}}");
      await openAiExecutor.execute(
        plain.blockById.get("ai")!.block as OpenAiBlock,
        integrationContext({ bot: plain, variables, ports: { chatCompletion: completion.port } }),
      );
      expect(completion.calls).toHaveLength(2);
    });

    it("stores the streamed text and goes on after the bubble that showed it", async () => {
      const bot = streamingBot("{{Answer}}", [text("after", "next")]);
      const outcome = await openAiExecutor.resume!(
        bot.blockById.get("ai")!.block as OpenAiBlock,
        "Streamed reply",
        integrationContext({ bot, variables }),
      );
      expect(outcome).toEqual({
        variables: [{ id: "v-answer", value: "Streamed reply" }],
        goTo: { groupId: "g1", blockIndex: 2 },
        shownBubbleId: "bubble",
      });
    });

    it("follows the bubble's edge when the bubble ends its group", async () => {
      const bot = botOf({
        variables,
        groups: [
          group("g1", [block()]),
          group("g2", [{ ...text("bubble", "{{Answer}}"), outgoingEdgeId: "e-3" }]),
          group("g3", [text("x", "x")]),
        ],
        edges: [
          { id: "e-start", from: { eventId: "start" }, to: { groupId: "g1" } },
          edge("e-next", "g2"),
          edge("e-3", "g3"),
        ],
      });
      const outcome = await openAiExecutor.resume!(
        bot.blockById.get("ai")!.block as OpenAiBlock,
        "Streamed",
        integrationContext({ bot, variables }),
      );
      expect(outcome).toEqual({
        variables: [{ id: "v-answer", value: "Streamed" }],
        outgoingEdgeId: "e-3",
        shownBubbleId: "bubble",
      });
    });
  });
});
