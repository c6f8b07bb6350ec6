import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, say, textMessage } from "../helpers/bot-builder.js";

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

const ask = { id: "b-ask", type: "text input", options: { variableId: "v-reply" } };

function richBot() {
  return buildBot({
    groups: [
      {
        id: "g-rich",
        blocks: [
          say("b-hello", "Hello {{Name}}!"),
          { id: "b-bio", type: "text", content: { richText: [{ type: "p", children: [{ text: "{{Bio}}" }] }] } },
          {
            id: "b-link",
            type: "text",
            content: {
              richText: [
                {
                  type: "p",
                  children: [
                    { text: "See " },
                    { type: "a", url: "https://people.example/{{Name}}", children: [{ text: "the profile" }] },
                  ],
                },
                {
                  type: "p",
                  children: [
                    { text: "Dear ", bold: true },
                    { text: "{{Name}}", bold: true },
                  ],
                },
              ],
            },
          },
          say("b-missing", "Hi {{Nobody}}."),
          ask,
        ],
      },
    ],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-bio", name: "Bio", value: "**Bold** move" },
      { id: "v-nobody", name: "Nobody" },
      { id: "v-reply", name: "Reply" },
    ],
  });
}

describe("text bubbles", () => {
  it("substitute variables in text and links and read a variable's value as markdown", async () => {
    const conversation = await h.conversation(richBot());
    const start = await conversation.start({ prefilledVariables: { Name: "Ada" } });
    expect(start.messages).toEqual([
      {
        id: "b-hello",
        type: "text",
        content: { type: "richText", richText: [{ type: "p", children: [{ text: "Hello Ada!" }] }] },
      },
      {
        id: "b-bio",
        type: "text",
        content: {
          type: "richText",
          richText: [{ type: "p", children: [{ text: "Bold", bold: true }, { text: " move" }] }],
        },
      },
      {
        id: "b-link",
        type: "text",
        content: {
          type: "richText",
          richText: [
            {
              type: "p",
              children: [
                { text: "See " },
                { type: "a", url: "https://people.example/Ada", children: [{ text: "the profile" }] },
              ],
            },
            {
              type: "p",
              children: [
                { text: "Dear ", bold: true },
                { text: "Ada", bold: true },
              ],
            },
          ],
        },
      },
      {
        id: "b-missing",
        type: "text",
        content: { type: "richText", richText: [{ type: "p", children: [{ text: "Hi ." }] }] },
      },
    ]);
    expect(start.input).toEqual(ask);
    const result = await conversation.result();
    expect(result).toMatchObject({
      hasStarted: false,
      isCompleted: false,
      variables: { Name: "Ada", Bio: "**Bold** move" },
    });
  });

  it("are sent as markdown when the client asks for it, retry bubbles included", async () => {
    const bot = richBot();
    bot.groups[0].blocks[4] = { id: "b-age", type: "number input", options: { variableId: "v-reply" } };
    const conversation = await h.conversation(bot);
    const start = await conversation.start({
      prefilledVariables: { Name: "Ada" },
      textBubbleContentFormat: "markdown",
    });
    expect(start.messages).toEqual([
      { id: "b-hello", type: "text", content: { type: "markdown", markdown: "Hello Ada!" } },
      { id: "b-bio", type: "text", content: { type: "markdown", markdown: "**Bold** move" } },
      {
        id: "b-link",
        type: "text",
        content: { type: "markdown", markdown: "See [the profile](https://people.example/Ada)\n**Dear Ada**" },
      },
      { id: "b-missing", type: "text", content: { type: "markdown", markdown: "Hi ." } },
    ]);
    const retry = await conversation.send("not a number", { textBubbleContentFormat: "markdown" });
    expect(retry.messages).toEqual([
      { id: "b-age", type: "text", content: { type: "markdown", markdown: "Invalid message. Please, try again." } },
    ]);
    expect(retry.input.id).toBe("b-age");
  });

  it("skip bubbles without content and send an empty rich text for a text block without one", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g-empty",
            blocks: [
              { id: "b-no-image", type: "image" },
              { id: "b-no-text", type: "text" },
              { id: "b-no-video", type: "video" },
              { id: "b-no-audio", type: "audio" },
              { id: "b-no-embed", type: "embed" },
              { id: "b-blank", type: "text", content: {} },
              say("b-after", "Still here"),
              ask,
            ],
          },
        ],
        variables: [{ id: "v-reply", name: "Reply" }],
      }),
    );
    const start = await conversation.start();
    expect(start.messages).toEqual([
      { id: "b-blank", type: "text", content: { type: "richText", richText: [] } },
      textMessage("b-after", "Still here"),
    ]);
  });
});

describe("media bubbles", () => {
  it("template image, video and audio contents and classify video addresses", async () => {
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g-media",
            blocks: [
              {
                id: "b-image",
                type: "image",
                content: {
                  url: "https://img.example/{{Pic}}.png",
                  clickLink: { url: "https://shop.example/{{Pic}}", alt: "Our {{Pic}}" },
                },
              },
              {
                id: "b-youtube",
                type: "video",
                content: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s", height: 300 },
              },
              { id: "b-youtu-be", type: "video", content: { url: "https://youtu.be/dQw4w9WgXcQ" } },
              { id: "b-vimeo", type: "video", content: { url: "https://vimeo.com/76979871", aspectRatio: "4/3" } },
              {
                id: "b-file",
                type: "video",
                content: { url: "https://cdn.example/{{Pic}}.mp4", isAutoplayEnabled: false },
              },
              {
                id: "b-audio",
                type: "audio",
                content: { url: "https://cdn.example/{{Pic}}.mp3", isAutoplayEnabled: false },
              },
              ask,
            ],
          },
        ],
        variables: [
          { id: "v-pic", name: "Pic", value: "sofa" },
          { id: "v-reply", name: "Reply" },
        ],
      }),
    );
    const start = await conversation.start();
    expect(start.messages).toEqual([
      {
        id: "b-image",
        type: "image",
        content: {
          url: "https://img.example/sofa.png",
          clickLink: { url: "https://shop.example/sofa", alt: "Our sofa" },
        },
      },
      {
        id: "b-youtube",
        type: "video",
        content: {
          url: "youtube.com/watch?v=dQw4w9WgXcQ",
          type: "youtube",
          id: "dQw4w9WgXcQ",
          queryParamsStr: "?start=90",
          height: 300,
        },
      },
      { id: "b-youtu-be", type: "video", content: { url: "youtu.be/dQw4w9WgXcQ", type: "youtube", id: "dQw4w9WgXcQ" } },
      {
        id: "b-vimeo",
        type: "video",
        content: { url: "vimeo.com/76979871", type: "vimeo", id: "76979871", aspectRatio: "4/3" },
      },
      {
        id: "b-file",
        type: "video",
        content: { url: "https://cdn.example/sofa.mp4", type: "url", isAutoplayEnabled: false },
      },
      { id: "b-audio", type: "audio", content: { url: "https://cdn.example/sofa.mp3", isAutoplayEnabled: false } },
    ]);
  });
});

describe("embed bubbles", () => {
  function embedBot() {
    return buildBot({
      groups: [
        {
          id: "g-embed",
          blocks: [
            say("b-before", "Please fill the form below"),
            {
              id: "b-embed",
              type: "embed",
              content: {
                url: "https://forms.example/{{Form}}",
                height: 500,
                waitForEvent: { isEnabled: true, name: "submitted", saveDataInVariableId: "v-data" },
              },
            },
            { id: "b-got", type: "text", content: { richText: [{ type: "p", children: [{ text: "{{Data}}" }] }] } },
            ask,
            say("b-bye", "Bye"),
          ],
        },
      ],
      variables: [
        { id: "v-form", name: "Form", value: "signup" },
        { id: "v-data", name: "Data" },
        { id: "v-reply", name: "Reply" },
      ],
    });
  }

  it("pause the walk after a waiting embed and save the next message into its variable", async () => {
    const conversation = await h.conversation(embedBot());
    const start = await conversation.start();
    expect(start.messages).toEqual([
      textMessage("b-before", "Please fill the form below"),
      {
        id: "b-embed",
        type: "embed",
        content: {
          url: "https://forms.example/signup",
          height: 500,
          waitForEvent: { isEnabled: true, name: "submitted", saveDataInVariableId: "v-data" },
        },
      },
    ]);
    expect(start.input).toBeUndefined();

    const resumed = await conversation.send("form-42");
    expect(resumed).toEqual({ messages: [textMessage("b-got", "form-42")], input: ask });
    expect((await conversation.result()).variables).toEqual({ Form: "signup", Data: "form-42" });
    expect(await conversation.answers()).toEqual([]);

    expect(await conversation.send("fine")).toEqual({ messages: [textMessage("b-bye", "Bye")] });
    expect(await conversation.result()).toMatchObject({
      hasStarted: true,
      isCompleted: true,
      variables: { Form: "signup", Data: "form-42", Reply: "fine" },
    });
    expect(await conversation.answers()).toEqual([{ blockId: "b-ask", content: "fine" }]);
  });

  it("go on without saving anything when the event carries no data", async () => {
    const conversation = await h.conversation(embedBot());
    await conversation.start();
    const resumed = await conversation.send(undefined);
    expect(resumed.messages).toEqual([
      { id: "b-got", type: "text", content: { type: "richText", richText: [{ type: "p", children: [{ text: "" }] }] } },
    ]);
    expect((await conversation.result()).variables).toEqual({ Form: "signup" });
  });
});
