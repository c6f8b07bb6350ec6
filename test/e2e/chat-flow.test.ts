import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, edge, retryBubble, say, textMessage } from "../helpers/bot-builder.js";

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

describe("retry messages", () => {
  const number = { id: "b-number", type: "number input", options: { variableId: "v-count" } };
  const email = { id: "b-email", type: "email input", options: { variableId: "v-email" } };
  const url = { id: "b-url", type: "url input", options: { variableId: "v-site" } };

  it("use the bot's invalid message, templated, for inputs without a retry text of their own", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g-ask", blocks: [number, email, url, say("b-done", "Done")] }],
        variables: ["count", "email", "site", "Name"].map((name) => ({ id: `v-${name}`, name })),
        settings: { general: { systemMessages: { invalidMessage: "Sorry {{Name}}, I did not get that." } } },
      }),
    );
    const start = await conversation.start({ prefilledVariables: { Name: "Ada" } });
    expect(start.bot.settings).toEqual({
      general: { systemMessages: { invalidMessage: "Sorry Ada, I did not get that." } },
    });
    expect(await conversation.send("lots")).toEqual({
      messages: [retryBubble("b-number", "Sorry Ada, I did not get that.")],
      input: number,
    });
    expect(await conversation.send("3")).toEqual({ messages: [], input: email });
    // The e-mail input keeps its own default text.
    expect(await conversation.send("ada")).toEqual({
      messages: [retryBubble("b-email", "This email doesn't seem to be valid. Can you type it again?")],
      input: email,
    });
    expect(await conversation.send("ada@example.com")).toEqual({ messages: [], input: url });
    expect(await conversation.send("no url")).toEqual({
      messages: [retryBubble("b-url", "Sorry Ada, I did not get that.")],
      input: url,
    });
  });

  it("re-ask the same input and save nothing", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g-ask", blocks: [number, say("b-done", "Done")] }],
        variables: [{ id: "v-count", name: "count" }],
      }),
    );
    const start = await conversation.start({ prefilledVariables: { count: "7" } });
    const asked = { ...number, prefilledValue: "7" };
    expect(start.input).toEqual(asked);
    for (const reply of ["seven", "", "?"])
      expect(await conversation.send(reply)).toEqual({
        messages: [retryBubble("b-number", "Invalid message. Please, try again.")],
        input: asked,
      });
    expect(await conversation.answers()).toEqual([]);
    expect(await conversation.result()).toMatchObject({
      hasStarted: false,
      isCompleted: false,
      variables: { count: "7" },
    });
    expect(await conversation.send("8")).toEqual({ messages: [textMessage("b-done", "Done")] });
    expect(await conversation.answers()).toEqual([{ blockId: "b-number", content: "8" }]);
    expect(await conversation.result()).toMatchObject({
      hasStarted: true,
      isCompleted: true,
      variables: { count: "8" },
    });
  });
});

describe("answers", () => {
  it("are appended when the input's variable holds a list", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g-tags",
            blocks: [
              { id: "b-tag-1", type: "text input", options: { variableId: "v-tags" } },
              { id: "b-tag-2", type: "text input", options: { variableId: "v-tags" } },
              say("b-done", "Tagged"),
            ],
          },
        ],
        variables: [{ id: "v-tags", name: "Tags", value: ["first"] }],
      }),
    );
    const start = await conversation.start();
    // Lists are never offered as a prefilled value.
    expect(start.input).toEqual({ id: "b-tag-1", type: "text input", options: { variableId: "v-tags" } });
    await conversation.send("second");
    expect((await conversation.result()).variables).toEqual({ Tags: ["first", "second"] });
    expect(await conversation.send("third")).toEqual({ messages: [textMessage("b-done", "Tagged")] });
    expect((await conversation.result()).variables).toEqual({ Tags: ["first", "second", "third"] });
    expect(await conversation.answers()).toEqual([
      { blockId: "b-tag-1", content: "second" },
      { blockId: "b-tag-2", content: "third" },
    ]);
  });

  it("keep session variables out of the stored result", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g",
            blocks: [
              { id: "b-secret", type: "text input", options: { variableId: "v-secret" } },
              { id: "b-kept", type: "text input", options: { variableId: "v-kept" } },
            ],
          },
        ],
        variables: [
          { id: "v-secret", name: "Secret", isSessionVariable: true },
          { id: "v-kept", name: "Kept" },
        ],
      }),
    );
    await conversation.start();
    await conversation.send("hush");
    await conversation.send("visible");
    expect((await conversation.result()).variables).toEqual({ Kept: "visible" });
    expect(await conversation.answers()).toEqual([
      { blockId: "b-secret", content: "hush" },
      { blockId: "b-kept", content: "visible" },
    ]);
  });

  it("report their new format when the saved content differs from what was typed", async () => {
    const consent = {
      id: "b-consent",
      type: "choice input",
      items: [
        { id: "i-yes", content: "Yes please", value: "opt-in" },
        { id: "i-no", content: "No" },
      ],
      options: { variableId: "v-consent" },
    };
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g-contact",
            blocks: [
              { id: "b-name", type: "text input", options: { variableId: "v-name" } },
              { id: "b-email", type: "email input", options: { variableId: "v-email" } },
              {
                id: "b-phone",
                type: "phone number input",
                options: { variableId: "v-phone", defaultCountryCode: "FR" },
              },
              consent,
              say("b-done", "All set"),
            ],
          },
        ],
        variables: ["name", "email", "phone", "consent"].map((name) => ({ id: `v-${name}`, name })),
      }),
    );
    await conversation.start();
    expect(await conversation.send("Ada")).toEqual({
      messages: [],
      input: { id: "b-email", type: "email input", options: { variableId: "v-email" } },
    });
    expect(await conversation.send("ADA@Example.io")).toMatchObject({ lastMessageNewFormat: "ada@example.io" });
    expect(await conversation.send("+33 6 12 34 56 78")).toEqual({
      messages: [],
      input: consent,
      lastMessageNewFormat: "+33612345678",
    });
    expect(await conversation.send("Yes please")).toEqual({
      messages: [textMessage("b-done", "All set")],
      lastMessageNewFormat: "opt-in",
    });
    expect(await conversation.answers()).toEqual([
      { blockId: "b-name", content: "Ada" },
      { blockId: "b-email", content: "ada@example.io" },
      { blockId: "b-phone", content: "+33612345678" },
      { blockId: "b-consent", content: "opt-in" },
    ]);
    expect((await conversation.result()).variables).toEqual({
      name: "Ada",
      email: "ada@example.io",
      phone: "+33612345678",
      consent: "opt-in",
    });
  });
});

describe("condition blocks", () => {
  const ageBot = () =>
    buildBot({
      groups: [
        {
          id: "g-age",
          blocks: [
            { id: "b-age", type: "number input", options: { variableId: "v-age" } },
            {
              id: "b-route",
              type: "Condition",
              outgoingEdgeId: "e-teen",
              items: [
                {
                  id: "ci-kid",
                  outgoingEdgeId: "e-kid",
                  content: {
                    comparisons: [{ id: "k", variableId: "v-age", comparisonOperator: "Less than", value: "13" }],
                  },
                },
                {
                  id: "ci-adult",
                  outgoingEdgeId: "e-adult",
                  content: {
                    logicalOperator: "OR",
                    comparisons: [
                      { id: "a", variableId: "v-age", comparisonOperator: "Greater or equal to", value: "18" },
                      { id: "b", variableId: "v-pass", comparisonOperator: "Equal to", value: "adult" },
                    ],
                  },
                },
              ],
            },
          ],
        },
        { id: "g-kid", blocks: [say("b-kid", "Ask your parents")] },
        { id: "g-teen", blocks: [say("b-teen", "Almost there")] },
        { id: "g-adult", blocks: [say("b-adult", "Welcome")] },
      ],
      edges: [edge("e-kid", "g-kid"), edge("e-teen", "g-teen"), edge("e-adult", "g-adult")],
      variables: [
        { id: "v-age", name: "Age" },
        { id: "v-pass", name: "Pass" },
      ],
    });

  it("route on the variable the previous input set, with the block's own edge as the else path", async () => {
    const expectations: [string, Record<string, unknown>, ReturnType<typeof textMessage>][] = [
      ["8", {}, textMessage("b-kid", "Ask your parents")],
      ["20", {}, textMessage("b-adult", "Welcome")],
      ["15", {}, textMessage("b-teen", "Almost there")],
      ["15", { Pass: "adult" }, textMessage("b-adult", "Welcome")],
    ];
    for (const [age, prefilledVariables, message] of expectations) {
      const conversation = await h.conversation(ageBot());
      await conversation.start({ prefilledVariables });
      expect(await conversation.send(age)).toEqual({ messages: [message] });
      expect(await conversation.result()).toMatchObject({ isCompleted: true, variables: { Age: age } });
    }
  });
});

describe("progress bar", () => {
  it("reports answered / (answered + inputs left) while asking and 100 at the end", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g-survey",
            blocks: [
              say("b-intro", "Three questions"),
              { id: "b-q1", type: "text input", options: { variableId: "v-a" } },
              { id: "b-q2", type: "number input", options: { variableId: "v-b" } },
              { id: "b-q3", type: "text input", options: { variableId: "v-c" } },
              say("b-outro", "Thank you"),
            ],
          },
        ],
        variables: ["a", "b", "c"].map((name) => ({ id: `v-${name}`, name })),
        theme: { general: { progressBar: { isEnabled: true } } },
      }),
    );
    expect((await conversation.start()).progress).toBe(25);
    expect((await conversation.send("one")).progress).toBe(50);
    expect(await conversation.send("two")).toMatchObject({
      messages: [retryBubble("b-q2", "Invalid message. Please, try again.")],
      progress: 50,
    });
    expect((await conversation.send("2")).progress).toBe(75);
    expect(await conversation.send("three")).toEqual({
      messages: [textMessage("b-outro", "Thank you")],
      progress: 100,
    });
  });

  it("is absent when the theme does not enable it", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g", blocks: [{ id: "b-q", type: "text input", options: { variableId: "v-a" } }] }],
        variables: [{ id: "v-a", name: "a" }],
      }),
    );
    expect((await conversation.start()).progress).toBeUndefined();
    expect(await conversation.send("x")).toEqual({ messages: [] });
  });
});

describe("a flow that loops without waiting for the visitor", () => {
  const loopBot = () =>
    buildBot({
      groups: [
        { id: "g-hi", blocks: [{ ...say("b-hi", "Hi"), outgoingEdgeId: "e-loop" }] },
        {
          id: "g-loop",
          title: "Loop",
          blocks: [
            {
              id: "b-check",
              type: "Condition",
              outgoingEdgeId: "e-loop",
              items: [
                {
                  id: "ci-set",
                  outgoingEdgeId: "e-out",
                  content: { comparisons: [{ id: "c", variableId: "v-flag", comparisonOperator: "Is set" }] },
                },
              ],
            },
          ],
        },
        { id: "g-out", blocks: [say("b-out", "Out")] },
      ],
      edges: [edge("e-loop", "g-loop"), edge("e-out", "g-out")],
      variables: [{ id: "v-flag", name: "Flag" }],
    });

  it("is stopped with an error log and the chat ends", async () => {
    const conversation = await h.conversation(loopBot());
    const log = {
      status: "error",
      description: "The flow ran more than 1000 blocks without waiting for the visitor and was stopped",
      details: "Last group: Loop",
    };
    const start = await conversation.start();
    expect(start.messages).toEqual([textMessage("b-hi", "Hi")]);
    expect(start.logs).toEqual([log]);
    expect(start.input).toBeUndefined();
    expect(start.resultId).toEqual(expect.any(String));
    expect(await conversation.logs()).toEqual([{ status: "error", description: log.description }]);
    expect(await conversation.result()).toMatchObject({ hasStarted: false, isCompleted: false });
    expect((await conversation.sendRaw("hello?")).status).toBe(404);

    const released = await h.conversation(loopBot());
    expect((await released.start({ prefilledVariables: { Flag: "on" } })).messages).toEqual([
      textMessage("b-hi", "Hi"),
      textMessage("b-out", "Out"),
    ]);
  });
});
