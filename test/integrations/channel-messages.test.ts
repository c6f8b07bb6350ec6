import { describe, expect, it } from "vitest";
import { telegramCalls } from "../../src/integrations/channels/telegram/telegram-client.js";
import { isWhatsAppSignatureValid } from "../../src/integrations/channels/whatsapp/whatsapp-inbound.js";
import { whatsAppMessages } from "../../src/integrations/channels/whatsapp/whatsapp-client.js";
import type { OutgoingButton } from "../../src/integrations/channels/outgoing.js";
import { chatMessageOf } from "../../src/services/channels/inbound-answer.js";
import { replyParts } from "../../src/services/channels/reply-parts.js";

const buttons = (count: number, label = (n: number) => `Option ${n}`): OutgoingButton[] =>
  Array.from({ length: count }, (_, index) => ({ data: `k.${index}`, label: label(index + 1) }));
const question = (text: string) => [{ type: "p", children: [{ text }] }];

describe("WhatsApp messages within the app's limits", () => {
  it("up to 3 choices are reply buttons, titles cut to 20 characters and kept unique", () => {
    const [message] = whatsAppMessages({
      kind: "buttons",
      body: question("Which one?"),
      buttons: [
        { data: "k.0", label: "A very long option label indeed" },
        { data: "k.1", label: "A very long option label indeed" },
      ],
    });
    expect(message).toEqual({
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "Which one?" },
        action: {
          buttons: [
            { type: "reply", reply: { id: "k.0", title: "A very long option …" } },
            { type: "reply", reply: { id: "k.1", title: "A very long opt… (2)" } },
          ],
        },
      },
    });
  });

  it("4 to 10 choices are a list message; more are numbered text", () => {
    const [list] = whatsAppMessages({ kind: "buttons", body: question("Pick"), buttons: buttons(10) });
    expect(list).toMatchObject({ type: "interactive", interactive: { type: "list", body: { text: "Pick" } } });
    const rows = (list as any).interactive.action.sections[0].rows;
    expect(rows).toHaveLength(10);
    expect(rows[9]).toEqual({ id: "k.9", title: "Option 10" });

    expect(whatsAppMessages({ kind: "buttons", body: question("Pick"), buttons: buttons(11) })).toEqual([
      {
        type: "text",
        text: {
          body: `Pick\n\n${Array.from({ length: 11 }, (_, index) => `${index + 1}. Option ${index + 1}`).join("\n")}`,
        },
      },
    ]);
  });

  it("a question longer than an interactive body (1024) goes first as text, the buttons after it", () => {
    const long = "x".repeat(1500);
    const messages = whatsAppMessages({ kind: "buttons", body: question(long), buttons: buttons(2) });
    expect(messages.map((message) => message.type)).toEqual(["text", "interactive"]);
    expect(messages[0]).toEqual({ type: "text", text: { body: long } });
    expect((messages[1] as any).interactive.body).toEqual({ text: "―" });
  });

  it("writes WhatsApp's marks, drops underline and shows links as text (url); GIFs go as links", () => {
    const [message] = whatsAppMessages({
      kind: "text",
      richText: [
        {
          type: "p",
          children: [
            { text: "bold", bold: true },
            { text: " and " },
            { text: "under", underline: true },
            { text: " " },
            { type: "a", url: "https://example.com", children: [{ text: "site" }] },
          ],
        },
      ],
    });
    expect(message).toEqual({ type: "text", text: { body: "*bold* and under site (https://example.com)" } });
    expect(whatsAppMessages({ kind: "media", media: "image", url: "https://example.com/a.gif" })).toEqual([
      { type: "text", text: { body: "https://example.com/a.gif", preview_url: true } },
    ]);
  });

  it("checks X-Hub-Signature-256 against the documented test vector", () => {
    const body = Buffer.from("Hello, World!");
    const signature = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
    expect(isWhatsAppSignatureValid(body, signature, "It's a Secret to Everybody")).toBe(true);
    expect(isWhatsAppSignatureValid(body, signature, "another secret")).toBe(false);
    expect(isWhatsAppSignatureValid(body, "sha256=abc", "It's a Secret to Everybody")).toBe(false);
    expect(isWhatsAppSignatureValid(body, undefined, "It's a Secret to Everybody")).toBe(false);
  });
});

describe("Telegram calls", () => {
  it("escapes HTML in text and refuses javascript: links", () => {
    const [call] = telegramCalls({
      kind: "text",
      richText: [
        {
          type: "p",
          children: [
            { text: '1 < 2 & "3"', italic: true },
            { type: "a", url: "javascript:alert(1)", children: [{ text: " click" }] },
          ],
        },
      ],
    });
    expect(call).toEqual({
      method: "sendMessage",
      body: { text: "<i>1 &lt; 2 &amp; &quot;3&quot;</i> click", parse_mode: "HTML" },
    });
  });

  it("a picture question is one photo with its caption and keyboard; past 30 choices, numbered text", () => {
    expect(
      telegramCalls({
        kind: "buttons",
        body: question("Cat"),
        imageUrl: "https://example.com/c.png",
        buttons: buttons(1),
      }),
    ).toEqual([
      {
        method: "sendPhoto",
        body: {
          photo: "https://example.com/c.png",
          caption: "Cat",
          parse_mode: "HTML",
          reply_markup: { inline_keyboard: [[{ text: "Option 1", callback_data: "k.0" }]] },
        },
      },
    ]);
    const [numbered] = telegramCalls({ kind: "buttons", body: question("Pick"), buttons: buttons(31) });
    expect(numbered!.body.text).toMatch(/^Pick\n\n1\. Option 1\n2\. Option 2\n.*\n31\. Option 31$/s);
  });
});

describe("answers to offered choices", () => {
  const reply = {
    messages: [{ id: "b1", type: "text" as const, content: { type: "richText", richText: question("Colour?") } }],
    input: {
      id: "in",
      type: "choice input",
      items: [
        { id: "i-red", content: "Red" },
        { id: "i-blue", content: "Blue" },
      ],
    },
  };

  it("the question takes the text before it as body; a tap, a number or a label answer it", () => {
    const { parts, offered } = replyParts(reply, "n1");
    expect(parts).toEqual([
      {
        kind: "buttons",
        body: question("Colour?"),
        buttons: [
          { data: "n1.0", label: "Red" },
          { data: "n1.1", label: "Blue" },
        ],
      },
    ]);
    const blue = { type: "text", text: "Blue", metadata: { replyId: "i-blue" } };
    expect(chatMessageOf({ text: "", buttonData: "n1.1" }, offered)).toEqual(blue);
    expect(chatMessageOf({ text: " 2 " }, offered)).toEqual(blue);
    expect(chatMessageOf({ text: "blue" }, offered)).toEqual(blue);
    // A button of an older question is not this one's answer.
    expect(chatMessageOf({ text: "Green", buttonData: "old.0" }, offered)).toEqual({ type: "text", text: "Green" });
  });

  it("a multiple choice is numbered text, answered with several numbers", () => {
    const multiple = { ...reply, input: { ...reply.input, options: { isMultipleChoice: true } } };
    const { parts, offered } = replyParts(multiple, "n2");
    expect(parts).toEqual([
      { kind: "text", richText: question("Colour?") },
      { kind: "plain", text: "1. Red\n2. Blue" },
    ]);
    expect(chatMessageOf({ text: "1, 2" }, offered)).toEqual({ type: "text", text: "Red, Blue" });
  });
});
