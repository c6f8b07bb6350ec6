import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { buildBot, edge, retryBubble, say, textMessage } from "../helpers/bot-builder.js";

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

const INVALID = "Invalid message. Please, try again.";

describe("single choice", () => {
  const colors = {
    id: "b-color",
    type: "choice input",
    outgoingEdgeId: "e-default",
    items: [
      { id: "i-red", content: "Red", value: "#f00", outgoingEdgeId: "e-red" },
      { id: "i-blue", content: "Blue", outgoingEdgeId: "e-blue" },
      { id: "i-green", content: "Green" },
    ],
    options: { variableId: "v-color" },
  };
  const colorBot = () =>
    buildBot({
      groups: [
        { id: "g-ask", blocks: [say("b-ask", "Pick a color"), colors] },
        { id: "g-red", blocks: [say("b-red", "Red it is")] },
        { id: "g-blue", blocks: [say("b-blue", "Blue it is")] },
        { id: "g-default", blocks: [say("b-other", "Something else")] },
      ],
      edges: [edge("e-red", "g-red"), edge("e-blue", "g-blue"), edge("e-default", "g-default")],
      variables: [{ id: "v-color", name: "Color" }],
    });

  it("saves the internal value and follows the item's edge", async () => {
    const conversation = await h.conversation(colorBot());
    const start = await conversation.start({ message: "Red" });
    expect(start.messages).toEqual([textMessage("b-ask", "Pick a color")]);
    expect(start.input).toEqual(colors);
    // Buttons are matched case-sensitively and never by position.
    expect(await conversation.send("red")).toEqual({ messages: [retryBubble("b-color", INVALID)], input: colors });
    expect(await conversation.send("1")).toEqual({ messages: [retryBubble("b-color", INVALID)], input: colors });
    expect(await conversation.send(" Red ")).toEqual({
      messages: [textMessage("b-red", "Red it is")],
      lastMessageNewFormat: "#f00",
    });
    expect((await conversation.result()).variables).toEqual({ Color: "#f00" });
    expect(await conversation.answers()).toEqual([{ blockId: "b-color", content: "#f00" }]);
  });

  it("follows the clicked button's id and falls back to the block's edge for an unconnected item", async () => {
    const byId = await h.conversation(colorBot());
    await byId.start();
    expect(await byId.send({ type: "text", text: "whatever", metadata: { replyId: "i-blue" } })).toEqual({
      messages: [textMessage("b-blue", "Blue it is")],
      lastMessageNewFormat: "Blue",
    });
    expect(await byId.answers()).toEqual([{ blockId: "b-color", content: "Blue" }]);

    const fallback = await h.conversation(colorBot());
    await fallback.start();
    expect(await fallback.send("Green")).toEqual({ messages: [textMessage("b-other", "Something else")] });
    expect(await fallback.result()).toMatchObject({ isCompleted: true, variables: { Color: "Green" } });
  });
});

describe("multiple choice", () => {
  const fruits = {
    id: "b-fruits",
    type: "choice input",
    items: [
      { id: "i-apple", content: "Apples" },
      { id: "i-banana", content: "Bananas" },
      { id: "i-cherry", content: "Cherries", value: "cherry" },
    ],
    options: { variableId: "v-fruits", isMultipleChoice: true },
  };
  const fruitBot = () =>
    buildBot({
      groups: [{ id: "g-fruits", blocks: [fruits, say("b-done", "Noted")] }],
      variables: [{ id: "v-fruits", name: "Fruits" }],
    });

  it("reads positions and labels, in display order", async () => {
    const byIndex = await h.conversation(fruitBot());
    await byIndex.start();
    expect(await byIndex.send("nothing I like")).toEqual({
      messages: [retryBubble("b-fruits", INVALID)],
      input: fruits,
    });
    expect(await byIndex.send("1, 3")).toEqual({
      messages: [textMessage("b-done", "Noted")],
      lastMessageNewFormat: "Apples, cherry",
    });
    expect(await byIndex.answers()).toEqual([{ blockId: "b-fruits", content: "Apples, cherry" }]);

    const byLabel = await h.conversation(fruitBot());
    await byLabel.start();
    expect(await byLabel.send("cherries and bananas")).toMatchObject({ lastMessageNewFormat: "Bananas, cherry" });
    expect((await byLabel.result()).variables).toEqual({ Fruits: "Bananas, cherry" });
  });
});

describe("choice items", () => {
  const vipOnly = {
    id: "i-vip",
    content: "VIP lounge",
    displayCondition: {
      isEnabled: true,
      condition: { comparisons: [{ id: "c-vip", variableId: "v-vip", comparisonOperator: "Equal to", value: "yes" }] },
    },
  };
  const rooms = {
    id: "b-room",
    type: "choice input",
    items: [{ id: "i-hall", content: "Main hall" }, vipOnly],
    options: { variableId: "v-room" },
  };
  const roomBot = () =>
    buildBot({
      groups: [{ id: "g-room", blocks: [rooms, say("b-done", "See you there")] }],
      variables: [
        { id: "v-room", name: "Room" },
        { id: "v-vip", name: "VIP" },
      ],
    });

  it("hide an item whose display condition fails, and refuse it as an answer", async () => {
    const guest = await h.conversation(roomBot());
    expect((await guest.start()).input).toEqual({ ...rooms, items: [{ id: "i-hall", content: "Main hall" }] });
    expect(await guest.send("VIP lounge")).toEqual({
      messages: [retryBubble("b-room", INVALID)],
      input: { ...rooms, items: [{ id: "i-hall", content: "Main hall" }] },
    });

    const vip = await h.conversation(roomBot());
    expect((await vip.start({ prefilledVariables: { VIP: "yes" } })).input).toEqual(rooms);
    expect(await vip.send("VIP lounge")).toEqual({ messages: [textMessage("b-done", "See you there")] });
    expect((await vip.result()).variables).toEqual({ Room: "VIP lounge", VIP: "yes" });
  });

  it("come from a list variable when the input is dynamic", async () => {
    const cities = {
      id: "b-city",
      type: "choice input",
      items: [{ id: "i-static", content: "Ignored" }],
      options: { variableId: "v-city", dynamicVariableId: "v-cities" },
    };
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g-city", blocks: [cities, say("b-done", "Off we go")] }],
        variables: [
          { id: "v-city", name: "City" },
          { id: "v-cities", name: "Cities" },
        ],
      }),
    );
    const start = await conversation.start({ prefilledVariables: { Cities: ["Paris", "Lyon", "Paris", ""] } });
    expect(start.input.items).toEqual([
      { id: "choice0", content: "Paris" },
      { id: "choice1", content: "Lyon" },
    ]);
    expect(await conversation.send("Ignored")).toMatchObject({ messages: [retryBubble("b-city", INVALID)] });
    expect(await conversation.send({ type: "text", text: "Lyon", metadata: { replyId: "choice1" } })).toEqual({
      messages: [textMessage("b-done", "Off we go")],
    });
    expect(await conversation.result()).toMatchObject({
      isCompleted: true,
      variables: { City: "Lyon", Cities: ["Paris", "Lyon", "Paris", null] },
    });
  });
});

describe("picture choice", () => {
  it("matches the title, saves the internal value and follows the picture's edge", async () => {
    const pets = {
      id: "b-pet",
      type: "picture choice input",
      outgoingEdgeId: "e-other",
      items: [
        {
          id: "p-cat",
          pictureSrc: "https://img.example/{{Size}}/cat.png",
          title: "Cat",
          value: "feline",
          outgoingEdgeId: "e-cat",
        },
        { id: "p-dog", pictureSrc: "https://img.example/{{Size}}/dog.png", title: "Dog", description: "Loyal" },
      ],
      options: { variableId: "v-pet" },
    };
    const conversation = await h.conversation(
      buildBot({
        groups: [
          { id: "g-pet", blocks: [pets] },
          { id: "g-cat", blocks: [say("b-cat", "Meow")] },
          { id: "g-other", blocks: [say("b-other", "Woof")] },
        ],
        edges: [edge("e-cat", "g-cat"), edge("e-other", "g-other")],
        variables: [
          { id: "v-pet", name: "Pet" },
          { id: "v-size", name: "Size", value: "small" },
        ],
      }),
    );
    const presented = {
      ...pets,
      items: [
        { ...pets.items[0], pictureSrc: "https://img.example/small/cat.png" },
        { ...pets.items[1], pictureSrc: "https://img.example/small/dog.png" },
      ],
    };
    expect((await conversation.start()).input).toEqual(presented);
    expect(await conversation.send("Bird")).toEqual({ messages: [retryBubble("b-pet", INVALID)], input: presented });
    expect(await conversation.send("Cat")).toEqual({
      messages: [textMessage("b-cat", "Meow")],
      lastMessageNewFormat: "feline",
    });
    expect(await conversation.answers()).toEqual([{ blockId: "b-pet", content: "feline" }]);
    expect((await conversation.result()).variables).toEqual({ Pet: "feline", Size: "small" });
  });
});

describe("dynamic picture choice", () => {
  it("builds one picture per list entry, titled by position", async () => {
    const pictures = {
      id: "b-pick",
      type: "picture choice input",
      items: [{ id: "p-static", title: "Static" }],
      options: {
        variableId: "v-pick",
        dynamicItems: { isEnabled: true, titlesVariableId: "v-titles", pictureSrcsVariableId: "v-srcs" },
      },
    };
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g", blocks: [pictures, say("b-done", "Nice pick")] }],
        variables: [
          { id: "v-pick", name: "Pick" },
          { id: "v-titles", name: "Titles", value: ["Cat", "Dog"] },
          { id: "v-srcs", name: "Srcs", value: ["https://img.example/cat.png", "https://img.example/dog.png"] },
        ],
      }),
    );
    expect((await conversation.start()).input.items).toEqual([
      { id: "0", pictureSrc: "https://img.example/cat.png", title: "Cat", description: "" },
      { id: "1", pictureSrc: "https://img.example/dog.png", title: "Dog", description: "" },
    ]);
    expect(await conversation.send("Static")).toMatchObject({ messages: [retryBubble("b-pick", INVALID)] });
    expect(await conversation.send("Dog")).toEqual({ messages: [textMessage("b-done", "Nice pick")] });
    expect(await conversation.answers()).toEqual([{ blockId: "b-pick", content: "Dog" }]);
  });
});

describe("cards", () => {
  const plans = {
    id: "b-plans",
    type: "cards",
    items: [
      {
        id: "c-basic",
        title: "Basic",
        description: "For starters",
        imageUrl: "https://img.example/basic.png",
        options: { internalValue: "plan-basic" },
        paths: [
          { id: "p-basic-buy", text: "Buy", outgoingEdgeId: "e-buy" },
          { id: "p-basic-info", text: "More info", outgoingEdgeId: "e-info" },
        ],
      },
      { id: "c-pro", title: "Pro", paths: [{ id: "p-pro-buy", text: "Buy", outgoingEdgeId: "e-buy" }] },
    ],
    options: {
      saveResponseMapping: [
        { field: "Title", variableId: "v-plan" },
        { field: "Button", variableId: "v-button" },
        { field: "Internal Value", variableId: "v-internal" },
        { field: "Description", variableId: "v-description" },
      ],
    },
  };
  const plansBot = () =>
    buildBot({
      groups: [
        { id: "g-plans", blocks: [plans] },
        { id: "g-buy", blocks: [say("b-buy", "Let's check out")] },
        { id: "g-info", blocks: [say("b-info", "Here is more")] },
      ],
      edges: [edge("e-buy", "g-buy"), edge("e-info", "g-info")],
      variables: ["plan", "button", "internal", "description"].map((name) => ({ id: `v-${name}`, name })),
    });

  it("follow the clicked path and map the card's fields into variables", async () => {
    const conversation = await h.conversation(plansBot());
    expect((await conversation.start()).input).toEqual(plans);
    expect(await conversation.send("Enterprise")).toEqual({
      messages: [retryBubble("b-plans", INVALID)],
      input: plans,
    });
    expect(await conversation.send({ type: "text", text: "More info", metadata: { replyId: "p-basic-info" } })).toEqual(
      {
        messages: [textMessage("b-info", "Here is more")],
        lastMessageNewFormat: "Basic",
      },
    );
    expect((await conversation.result()).variables).toEqual({
      plan: "Basic",
      button: "More info",
      internal: "plan-basic",
      description: "For starters",
    });
    expect(await conversation.answers()).toEqual([{ blockId: "b-plans", content: "Basic" }]);
  });

  it("take a card's first path when the title is typed", async () => {
    const conversation = await h.conversation(plansBot());
    await conversation.start();
    expect(await conversation.send(" pro ")).toEqual({
      messages: [textMessage("b-buy", "Let's check out")],
      lastMessageNewFormat: "Pro",
    });
    expect((await conversation.result()).variables).toEqual({ plan: "Pro", button: "Buy" });
  });
});

describe("dynamic cards", () => {
  it("expand a card whose fields are list variables, one per entry, with numbered paths", async () => {
    const template = {
      id: "c-item",
      title: "{{Titles}}",
      imageUrl: "{{Images}}",
      description: "In stock",
      paths: [{ id: "p-pick", text: "Pick", outgoingEdgeId: "e-pick" }],
    };
    const conversation = await h.conversation(
      buildBot({
        groups: [
          {
            id: "g-cards",
            blocks: [
              {
                id: "b-cards",
                type: "cards",
                items: [template],
                options: { saveResponseMapping: [{ field: "Image URL", variableId: "v-image" }] },
              },
            ],
          },
          { id: "g-pick", blocks: [say("b-picked", "Picked")] },
        ],
        edges: [edge("e-pick", "g-pick")],
        variables: [
          { id: "v-titles", name: "Titles", value: ["Lamp", "Desk"] },
          { id: "v-images", name: "Images", value: ["https://img.example/lamp.png", "https://img.example/desk.png"] },
          { id: "v-image", name: "Image" },
        ],
      }),
    );
    const card = (index: number, title: string, imageUrl: string) => ({
      id: "c-item",
      title,
      imageUrl,
      description: "In stock",
      paths: [{ id: `dynamic-card-${index}-path-0`, text: "Pick", outgoingEdgeId: "e-pick" }],
    });
    expect((await conversation.start()).input.items).toEqual([
      card(0, "Lamp", "https://img.example/lamp.png"),
      card(1, "Desk", "https://img.example/desk.png"),
    ]);
    expect(
      await conversation.send({ type: "text", text: "Pick", metadata: { replyId: "dynamic-card-1-path-0" } }),
    ).toEqual({
      messages: [textMessage("b-picked", "Picked")],
      lastMessageNewFormat: "Desk",
    });
    expect((await conversation.result()).variables).toMatchObject({ Image: "https://img.example/desk.png" });
    expect(await conversation.answers()).toEqual([{ blockId: "b-cards", content: "Desk" }]);
  });
});

describe("file input", () => {
  const fileBot = (options: Record<string, unknown>) =>
    buildBot({
      groups: [
        {
          id: "g-file",
          blocks: [
            { id: "b-file", type: "file input", options: { variableId: "v-file", ...options } },
            say("b-done", "Received"),
          ],
        },
      ],
      variables: [{ id: "v-file", name: "File" }],
    });

  it("requires a file of an allowed type", async () => {
    const conversation = await h.conversation(
      fileBot({ allowedFileTypes: { isEnabled: true, types: ["image/*", ".pdf"] } }),
    );
    const { input } = await conversation.start();
    expect(await conversation.send(undefined)).toEqual({ messages: [retryBubble("b-file", INVALID)], input });
    expect(await conversation.send("https://files.example/setup.exe")).toEqual({
      messages: [retryBubble("b-file", INVALID)],
      input,
    });
    expect(await conversation.send("no file here")).toEqual({ messages: [retryBubble("b-file", INVALID)], input });
    expect(await conversation.send("https://files.example/cv.pdf, https://files.example/photo.jpg")).toEqual({
      messages: [textMessage("b-done", "Received")],
      lastMessageNewFormat: "https://files.example/cv.pdf",
    });
    expect(await conversation.answers()).toEqual([{ blockId: "b-file", content: "https://files.example/cv.pdf" }]);
  });

  it("keeps every file when several are allowed", async () => {
    const conversation = await h.conversation(fileBot({ isMultipleAllowed: true }));
    await conversation.start();
    const urls = ["http://localhost:3000/files/a.png", "http://localhost:3000/files/b.png"];
    expect(await conversation.send({ type: "text", text: "", attachedFileUrls: urls })).toEqual({
      messages: [textMessage("b-done", "Received")],
      lastMessageNewFormat: urls.join(", "),
    });
    expect((await conversation.result()).variables).toEqual({ File: urls.join(", ") });
  });

  it("is skipped without an answer when not required", async () => {
    const conversation = await h.conversation(fileBot({ isRequired: false }));
    await conversation.start();
    expect(await conversation.send(undefined)).toEqual({ messages: [textMessage("b-done", "Received")] });
    expect(await conversation.answers()).toEqual([]);
    expect(await conversation.result()).toMatchObject({ hasStarted: false, isCompleted: false, variables: {} });
  });
});

describe("payment input", () => {
  it('presents the amount, refuses "fail" with the payment retry text and accepts anything else', async () => {
    const input = {
      id: "b-pay",
      type: "payment input",
      options: { variableId: "v-paid", amount: "{{Price}}", currency: "EUR", labels: { button: "Pay now" } },
    };
    const conversation = await h.conversation(
      buildBot({
        groups: [{ id: "g-pay", blocks: [input, say("b-done", "Paid, thank you")] }],
        variables: [
          { id: "v-paid", name: "Paid" },
          { id: "v-price", name: "Price" },
        ],
      }),
    );
    const presented = {
      ...input,
      options: { ...input.options, amount: "49" },
      runtimeOptions: { paymentIntentSecret: "", amountLabel: "49 EUR", publicKey: "" },
    };
    // A payment cannot be answered in the start request.
    const start = await conversation.start({ prefilledVariables: { Price: "49" }, message: "Success" });
    expect(start.input).toEqual(presented);
    expect(await conversation.send("fail")).toEqual({
      messages: [retryBubble("b-pay", "Payment failed. Please, try again.")],
      input: presented,
    });
    expect(await conversation.send("Success")).toEqual({ messages: [textMessage("b-done", "Paid, thank you")] });
    expect(await conversation.result()).toMatchObject({
      hasStarted: true,
      isCompleted: true,
      variables: { Paid: "Success", Price: "49" },
    });
    expect(await conversation.answers()).toEqual([{ blockId: "b-pay", content: "Success" }]);
  });
});
