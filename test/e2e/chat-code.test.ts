import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";

/** Bot code over real HTTP: Custom values, server-side Code blocks, and code that misbehaves. */
let harness: ChatHarness;
beforeAll(async () => {
  harness = await createChatHarness({ PARLEY_SANDBOX_TIMEOUT_MS: "1000" });
});
afterAll(() => harness.close());

const serverCode = (id: string, content: string) => ({
  id,
  type: "Code",
  options: { content, isExecutedOnClient: false },
});

function misbehavingBot(content: string) {
  return buildBot({
    groups: [{ id: "g1", blocks: [say("b-before", "Before"), serverCode("c-bad", content), say("b-after", "After")] }],
  });
}

describe("bot code in chats", () => {
  it("stores a Custom expression `{{Age}} * 2` in a variable and shows it in a bubble", async () => {
    const bot = buildBot({
      variables: [
        { id: "vAge", name: "Age" },
        { id: "vDouble", name: "Double" },
      ],
      groups: [
        {
          id: "g1",
          blocks: [
            { id: "b-age", type: "number input", options: { variableId: "vAge" } },
            { id: "sv", type: "Set variable", options: { variableId: "vDouble", expressionToEvaluate: "{{Age}} * 2" } },
            say("b-double", "Twice your age: {{Double}}"),
          ],
        },
      ],
    });
    const chat = await harness.conversation(bot);
    await chat.start();
    expect(await chat.send("21")).toEqual({ messages: [textMessage("b-double", "Twice your age: 42")] });
    expect((await chat.result()).variables).toEqual({ Age: "21", Double: "42" });
  });

  it("runs a server-side Code block whose setVariable calls change variables by name", async () => {
    const bot = buildBot({
      variables: [
        { id: "vName", name: "Name" },
        { id: "vGreeting", name: "Greeting" },
      ],
      groups: [
        {
          id: "g1",
          blocks: [
            { id: "b-name", type: "text input", options: { variableId: "vName" } },
            serverCode(
              "c",
              // biome-ignore lint/suspicious/noTemplateCurlyInString: bot code, run in the sandbox, not here.
              'const name = await Promise.resolve({{Name}});\nsetVariable("Greeting", `Hello ${name.toUpperCase()}!`);',
            ),
            say("b-greet", "{{Greeting}}"),
          ],
        },
      ],
    });
    const chat = await harness.conversation(bot);
    await chat.start();
    expect(await chat.send("Ada")).toEqual({ messages: [textMessage("b-greet", "Hello ADA!")] });
    expect((await chat.result()).variables).toEqual({ Name: "Ada", Greeting: "Hello ADA!" });
  });

  it("ends an infinite loop as an error log on that chat while a chat started at the same time answers normally", async () => {
    const normal = await harness.conversation(buildBot({ groups: [{ id: "g1", blocks: [say("b-hi", "Hi there")] }] }));
    const [looping, answered] = await Promise.all([harness.preview(misbehavingBot("while (true) {}")), normal.start()]);
    expect(looping.start.status).toBe(200);
    expect(looping.start.body.messages).toEqual([textMessage("b-before", "Before"), textMessage("b-after", "After")]);
    expect(looping.start.body.logs).toEqual([
      { status: "error", description: "Timed out: the code ran for more than 1000 ms" },
    ]);
    expect(answered.messages).toEqual([textMessage("b-hi", "Hi there")]);
  });

  it("answers other chats while inline code in a bubble loops until its time limit", async () => {
    const looping = buildBot({
      groups: [{ id: "g1", blocks: [say("b-loop", "Value: {{= (() => { while (true) {} })() =}}")] }],
    });
    const normal = await harness.conversation(buildBot({ groups: [{ id: "g1", blocks: [say("b-hi", "Hi there")] }] }));
    const answeredInOrder: string[] = [];
    const loopingStart = harness.preview(looping).then((preview) => {
      answeredInOrder.push("looping");
      return preview;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const normalStart = normal.start().then((start) => {
      answeredInOrder.push("normal");
      return start;
    });
    expect((await normalStart).messages).toEqual([textMessage("b-hi", "Hi there")]);
    // Code that fails shows as written, as before; the other chat did not wait for it.
    expect((await loopingStart).start.body.messages).toEqual([
      textMessage("b-loop", "Value: (() => { while (true) {} })()"),
    ]);
    expect(answeredInOrder).toEqual(["normal", "looping"]);
  });

  it('turns process.exit() and require("fs") into error logs, and the server keeps serving', async () => {
    for (const [content, description] of [
      ["process.exit(1)", "ReferenceError: 'process' is not defined"],
      ['require("fs").readFileSync("/etc/passwd", "utf8")', "ReferenceError: 'require' is not defined"],
    ]) {
      const preview = await harness.preview(misbehavingBot(content));
      expect(preview.start.body.logs).toEqual([{ status: "error", description }]);
      // Live chats store the log with the result.
      const chat = await harness.conversation(misbehavingBot(content));
      const start = await chat.start();
      expect(start.messages).toEqual([textMessage("b-before", "Before"), textMessage("b-after", "After")]);
      expect(await chat.logs()).toEqual([{ status: "error", description }]);
    }
    const after = await harness.chat.get("/health");
    expect(after.status).toBe(200);
  });
});
