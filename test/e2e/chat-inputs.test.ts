import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, retryBubble, say, textMessage } from "../helpers/bot-builder.js";

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

const INVALID = "Invalid message. Please, try again.";
const thanks = textMessage("b-thanks", "Thanks!");

/** One group: the inputs in order, then a closing bubble. */
function askBot(
  inputs: Record<string, unknown>[],
  variables: { id: string; name: string; value?: string | string[] }[] = [],
  settings = {},
) {
  return buildBot({
    groups: [{ id: "g-ask", blocks: [...inputs, say("b-thanks", "Thanks!")] }],
    variables: [{ id: "v-answer", name: "Answer" }, ...variables],
    settings,
  });
}

describe("text input", () => {
  const input = {
    id: "b-text",
    type: "text input",
    options: {
      variableId: "v-answer",
      labels: { placeholder: "Your story" },
      attachments: { isEnabled: true, saveVariableId: "v-files" },
    },
  };

  it("saves the text and the attached files, and asks again when nothing was sent", async () => {
    const conversation = await h.conversation(askBot([input], [{ id: "v-files", name: "Files" }]));
    expect((await conversation.start()).input).toEqual(input);
    expect(await conversation.send(undefined)).toEqual({ messages: [retryBubble("b-text", INVALID)], input });
    const files = ["https://files.example/a.png", "https://files.example/b.pdf"];
    expect(await conversation.send({ type: "text", text: "Here you go", attachedFileUrls: files })).toEqual({
      messages: [thanks],
    });
    expect(await conversation.result()).toMatchObject({
      hasStarted: true,
      isCompleted: true,
      variables: { Answer: "Here you go", Files: files },
    });
    expect(await conversation.answers()).toEqual([
      { blockId: "b-text", content: "Here you go", attachedFileUrls: files },
    ]);
  });

  it("saves a single attached file as a plain value", async () => {
    const conversation = await h.conversation(askBot([input], [{ id: "v-files", name: "Files" }]));
    await conversation.start();
    await conversation.send({ type: "text", text: "One file", attachedFileUrls: ["https://files.example/c.png"] });
    expect((await conversation.result()).variables).toEqual({
      Answer: "One file",
      Files: "https://files.example/c.png",
    });
  });
});

describe("number input", () => {
  it("refuses text and out-of-range numbers and reads a decimal comma", async () => {
    const input = { id: "b-number", type: "number input", options: { variableId: "v-answer", min: 1, max: 10 } };
    const conversation = await h.conversation(askBot([input]));
    expect((await conversation.start()).input).toEqual(input);
    expect(await conversation.send("abc")).toEqual({ messages: [retryBubble("b-number", INVALID)], input });
    expect(await conversation.send("11")).toEqual({ messages: [retryBubble("b-number", INVALID)], input });
    expect(await conversation.send("0,5")).toEqual({ messages: [retryBubble("b-number", INVALID)], input });
    expect(await conversation.send("1,5")).toEqual({ messages: [thanks], lastMessageNewFormat: "1.5" });
    expect((await conversation.result()).variables).toEqual({ Answer: "1.5" });
    expect(await conversation.answers()).toEqual([{ blockId: "b-number", content: "1.5" }]);
  });

  it("keeps a leading zero as typed and reads bounds from variables", async () => {
    const input = { id: "b-number", type: "number input", options: { variableId: "v-answer", min: "{{Min}}" } };
    const conversation = await h.conversation(askBot([input], [{ id: "v-min", name: "Min" }]));
    await conversation.start({ prefilledVariables: { Min: "5" } });
    expect(await conversation.send("3")).toMatchObject({ messages: [retryBubble("b-number", INVALID)] });
    expect(await conversation.send("007")).toEqual({ messages: [thanks] });
    expect(await conversation.answers()).toEqual([{ blockId: "b-number", content: "007" }]);
  });
});

describe("email input", () => {
  it("answers the default retry text and saves the address lowercased", async () => {
    const input = { id: "b-email", type: "email input", options: { variableId: "v-answer" } };
    const conversation = await h.conversation(askBot([input]));
    await conversation.start();
    expect(await conversation.send("ada@")).toEqual({
      messages: [retryBubble("b-email", "This email doesn't seem to be valid. Can you type it again?")],
      input,
    });
    expect(await conversation.send("Ada.Lovelace@Example.COM")).toEqual({
      messages: [thanks],
      lastMessageNewFormat: "ada.lovelace@example.com",
    });
    expect(await conversation.answers()).toEqual([{ blockId: "b-email", content: "ada.lovelace@example.com" }]);
    expect((await conversation.result()).variables).toEqual({ Answer: "ada.lovelace@example.com" });
  });

  it("templates a custom retry text", async () => {
    const input = {
      id: "b-email",
      type: "email input",
      options: { variableId: "v-answer", retryMessageContent: "Sorry {{Name}}, that is not an email." },
    };
    const conversation = await h.conversation(askBot([input], [{ id: "v-name", name: "Name" }]));
    await conversation.start({ prefilledVariables: { Name: "Ada" } });
    expect(await conversation.send("nope")).toEqual({
      messages: [retryBubble("b-email", "Sorry Ada, that is not an email.")],
      input: { ...input, options: { ...input.options, retryMessageContent: "Sorry Ada, that is not an email." } },
    });
    expect(await conversation.answers()).toEqual([]);
  });
});

describe("url input", () => {
  it("accepts an address without protocol as typed and refuses text", async () => {
    const input = { id: "b-url", type: "url input", options: { variableId: "v-answer" } };
    const conversation = await h.conversation(askBot([input]));
    await conversation.start();
    expect(await conversation.send("not a url")).toEqual({ messages: [retryBubble("b-url", INVALID)], input });
    expect(await conversation.send("localhost/docs")).toEqual({ messages: [retryBubble("b-url", INVALID)], input });
    expect(await conversation.send("example.com/docs?page=2")).toEqual({ messages: [thanks] });
    expect(await conversation.answers()).toEqual([{ blockId: "b-url", content: "example.com/docs?page=2" }]);
  });
});

describe("phone number input", () => {
  it("reads a national number with the default country and saves it as E.164", async () => {
    const input = {
      id: "b-phone",
      type: "phone number input",
      options: { variableId: "v-answer", defaultCountryCode: "FR", retryMessageContent: "A phone number, please." },
    };
    const conversation = await h.conversation(askBot([input]));
    await conversation.start();
    expect(await conversation.send("call me maybe")).toEqual({
      messages: [retryBubble("b-phone", "A phone number, please.")],
      input,
    });
    expect(await conversation.send("06 12 34 56 78")).toEqual({
      messages: [thanks],
      lastMessageNewFormat: "+33612345678",
    });
    expect((await conversation.result()).variables).toEqual({ Answer: "+33612345678" });
    expect(await conversation.answers()).toEqual([{ blockId: "b-phone", content: "+33612345678" }]);
  });
});

describe("date input", () => {
  const single = {
    id: "b-date",
    type: "date input",
    options: { variableId: "v-answer", format: "yyyy-MM-dd", min: "2025-01-01", max: "2025-12-31" },
  };
  const range = {
    id: "b-range",
    type: "date input",
    options: { variableId: "v-range", isRange: true, labels: { separator: "until" } },
  };
  const withTime = {
    id: "b-time",
    type: "date input",
    options: { variableId: "v-when", hasTime: true, min: "2025-03-01T08:00:00.000Z" },
  };
  const variables = [
    { id: "v-range", name: "Range" },
    { id: "v-when", name: "When" },
  ];

  it("formats a single date, a range and a date with time, within the bounds", async () => {
    const conversation = await h.conversation(askBot([single, range, withTime], variables));
    expect((await conversation.start()).input).toEqual(single);
    expect(await conversation.send("whenever")).toEqual({ messages: [retryBubble("b-date", INVALID)], input: single });
    expect(await conversation.send("1 June 2024")).toEqual({
      messages: [retryBubble("b-date", INVALID)],
      input: single,
    });
    expect(await conversation.send("2026-01-02")).toEqual({
      messages: [retryBubble("b-date", INVALID)],
      input: single,
    });
    const first = await conversation.send("15 March 2025");
    expect(first).toEqual({ messages: [], input: range, lastMessageNewFormat: "2025-03-15" });

    expect(await conversation.send("1 March 2025")).toEqual({
      messages: [retryBubble("b-range", INVALID)],
      input: range,
    });
    const second = await conversation.send("1 March 2025 to 5 March 2025");
    expect(second).toEqual({
      messages: [],
      input: { ...withTime, options: { ...withTime.options, min: "2025-03-01T08:00" } },
      lastMessageNewFormat: "01/03/2025 until 05/03/2025",
    });

    expect(await conversation.send("28 February 2025 at 10:00")).toMatchObject({
      messages: [retryBubble("b-time", INVALID)],
    });
    expect(await conversation.send("15 March 2025 at 14:30")).toEqual({
      messages: [thanks],
      lastMessageNewFormat: "15/03/2025 14:30",
    });
    expect((await conversation.result()).variables).toEqual({
      Answer: "2025-03-15",
      Range: "01/03/2025 until 05/03/2025",
      When: "15/03/2025 14:30",
    });
    expect(await conversation.answers()).toEqual([
      { blockId: "b-date", content: "2025-03-15" },
      { blockId: "b-range", content: "01/03/2025 until 05/03/2025" },
      { blockId: "b-time", content: "15/03/2025 14:30" },
    ]);
  });
});

describe("time input", () => {
  it("formats the time with the block's format and refuses what is not a time", async () => {
    const input = { id: "b-clock", type: "time input", options: { variableId: "v-answer", format: "h:mm a" } };
    const conversation = await h.conversation(askBot([input]));
    await conversation.start();
    expect(await conversation.send("banana")).toEqual({ messages: [retryBubble("b-clock", INVALID)], input });
    expect(await conversation.send("14:30")).toEqual({ messages: [thanks], lastMessageNewFormat: "2:30 PM" });
    expect(await conversation.answers()).toEqual([{ blockId: "b-clock", content: "2:30 PM" }]);
  });

  it("uses HH:mm by default", async () => {
    const conversation = await h.conversation(
      askBot([{ id: "b-clock", type: "time input", options: { variableId: "v-answer" } }]),
    );
    await conversation.start();
    expect(await conversation.send("2:30pm")).toEqual({ messages: [thanks], lastMessageNewFormat: "14:30" });
  });
});

describe("rating input", () => {
  it("accepts a rating up to the length and refuses the rest", async () => {
    const input = {
      id: "b-rating",
      type: "rating input",
      options: { variableId: "v-answer", buttonType: "Numbers", length: 5, startsAt: 1 },
    };
    const conversation = await h.conversation(askBot([input]));
    await conversation.start();
    for (const reply of ["6", "great", ""])
      expect(await conversation.send(reply)).toEqual({ messages: [retryBubble("b-rating", INVALID)], input });
    expect(await conversation.answers()).toEqual([]);
    expect(await conversation.send("4")).toEqual({ messages: [thanks] });
    expect(await conversation.result()).toMatchObject({
      hasStarted: true,
      isCompleted: true,
      variables: { Answer: "4" },
    });
    expect(await conversation.answers()).toEqual([{ blockId: "b-rating", content: "4" }]);
  });
});
