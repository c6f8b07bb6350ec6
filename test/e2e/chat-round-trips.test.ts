import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";

// Round trips only cost something on a networked database.
const onPostgres = Boolean(process.env.DATABASE_URL);

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

const nameInput = { id: "b-name", type: "text input", options: { variableId: "v-name" } };

describe.runIf(onPostgres)("database round trips of a chat turn on PostgreSQL", () => {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  beforeAll(() => {
    // Every statement the server sends, whatever builds it, goes through a client's query().
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first] = args as [string | { text: string }];
      sent.push(typeof first === "string" ? first : first.text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  afterAll(() => {
    pg.Client.prototype.query = query;
  });

  it("reads once and writes once per continueChat, the last turn included", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g",
            blocks: [
              nameInput,
              { id: "b-city", type: "text input", options: { variableId: "v-city" } },
              say("b-bye", "Bye {{Name}} from {{City}}"),
            ],
          },
        ],
        variables: [
          { id: "v-name", name: "Name" },
          { id: "v-city", name: "City" },
        ],
      }),
    );
    await conversation.start();

    sent.length = 0;
    expect(await conversation.send("Ada")).toMatchObject({ messages: [], input: { id: "b-city" } });
    expect(sent).toHaveLength(2);

    sent.length = 0;
    expect(await conversation.send("Paris")).toEqual({ messages: [textMessage("b-bye", "Bye Ada from Paris")] });
    expect(sent).toHaveLength(2);

    expect(await conversation.answers()).toEqual([
      { blockId: "b-name", content: "Ada" },
      { blockId: "b-city", content: "Paris" },
    ]);
    expect(await conversation.result()).toMatchObject({
      hasStarted: true,
      isCompleted: true,
      variables: { Name: "Ada", City: "Paris" },
    });
  });
});

describe("answers sent at the same time to one session", () => {
  it("stores exactly one: the others get 409, or 404 once the winner has ended the chat", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g", blocks: [nameInput, say("b-bye", "Bye {{Name}}")] }],
        variables: [{ id: "v-name", name: "Name" }],
      }),
    );
    await conversation.start();
    const replies = await Promise.all(["Ada", "Bob", "Cy", "Dee", "Eve"].map((name) => conversation.sendRaw(name)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409 || status === 404)).toBe(true);
    const answers = await conversation.answers();
    expect(answers).toHaveLength(1);
    expect(replies.find((reply) => reply.status === 200)!.body).toEqual({
      messages: [textMessage("b-bye", `Bye ${answers[0]!.content}`)],
    });
  });
});
