import { describe, expect, test } from "vitest";
import { botDocumentSchema, publishedBotSchema } from "../../src/schemas/bot.js";
import { LATEST_BOT_VERSION, needsUpgrade, upgradeBotDocument } from "../../src/schemas/upgrade.js";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

const v5Document = () =>
  deepFreeze({
    version: "5",
    events: null,
    groups: [
      {
        id: "g-start",
        title: "Start",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [{ id: "b-start", type: "start", label: "Start", groupId: "g-start", outgoingEdgeId: "e-start" }],
      },
      {
        id: "g1",
        title: "Group #1",
        graphCoordinates: { x: 300, y: 0 },
        blocks: [
          { id: "b-hello", type: "text", content: { richText: [{ type: "p", children: [{ text: "Hello" }] }] } },
          {
            id: "b-choice",
            type: "choice input",
            items: [
              { id: "i-yes", blockId: "b-choice", type: 0, content: "Yes", outgoingEdgeId: "e-yes" },
              { id: "i-no", blockId: "b-choice", type: 0, content: "No" },
            ],
            options: { variableId: "v-answer", buttonLabel: "Send" },
          },
        ],
      },
      {
        id: "g2",
        title: "Group #2",
        graphCoordinates: { x: 600, y: 0 },
        blocks: [{ id: "b-link", type: "Typebot link", options: { typebotId: "bot-other", groupId: "g-x" } }],
      },
    ],
    edges: [
      { id: "e-start", from: { blockId: "b-start" }, to: { groupId: "g1" } },
      { id: "e-yes", from: { blockId: "b-choice", itemId: "i-yes" }, to: { groupId: "g2" } },
    ],
    variables: [{ id: "v-answer", name: "Answer" }],
    theme: {},
    settings: { metadata: { googleTagManagerId: "GTM-1" }, whatsApp: { isEnabled: false } },
  });

const v6Document = () =>
  deepFreeze({
    version: "6",
    groups: [
      { id: "g1", title: "Group #1", graphCoordinates: { x: 300, y: 0 }, blocks: [{ id: "b-hello", type: "text" }] },
    ],
    events: [{ id: "ev", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e1" }],
    edges: [{ id: "e1", from: { eventId: "ev" }, to: { groupId: "g1" } }],
    variables: [],
    theme: {},
    settings: {},
  });

describe("upgradeBotDocument from v5", () => {
  test("produces a document that botDocumentSchema accepts", () => {
    expect(botDocumentSchema.safeParse(upgradeBotDocument(v5Document())).success).toBe(true);
  });

  test("turns the start block and its group into a start event with the group's id", () => {
    const upgraded = upgradeBotDocument(v5Document()) as ReturnType<typeof botDocumentSchema.parse>;
    expect(upgraded.version).toBe("6");
    expect(upgraded.events).toEqual([
      { id: "g-start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" },
    ]);
    expect(upgraded.groups.map((group) => group.id)).toEqual(["g1", "g2"]);
  });

  test("re-sources the start edge from the event and leaves other edges alone", () => {
    const upgraded = upgradeBotDocument(v5Document()) as { edges: unknown[] };
    expect(upgraded.edges).toEqual([
      { id: "e-start", from: { eventId: "g-start" }, to: { groupId: "g1" } },
      { id: "e-yes", from: { blockId: "b-choice", itemId: "i-yes" }, to: { groupId: "g2" } },
    ]);
  });

  test("removes item blockIds", () => {
    const parsed = botDocumentSchema.parse(upgradeBotDocument(v5Document()));
    const raw = upgradeBotDocument(v5Document()) as { groups: { blocks: { items?: object[] }[] }[] };
    expect(raw.groups[0].blocks[1].items).toEqual([
      { id: "i-yes", type: 0, content: "Yes", outgoingEdgeId: "e-yes" },
      { id: "i-no", type: 0, content: "No" },
    ]);
    expect(parsed.groups[0].blocks[1]).toEqual({
      id: "b-choice",
      type: "choice input",
      items: [
        { id: "i-yes", content: "Yes", outgoingEdgeId: "e-yes" },
        { id: "i-no", content: "No" },
      ],
      options: { variableId: "v-answer", buttonLabel: "Send" },
    });
  });

  test("renames the bot link block and its target option, and keeps v5's merged results (v6 defaults to a result per bot)", () => {
    const parsed = botDocumentSchema.parse(upgradeBotDocument(v5Document()));
    expect(parsed.groups[1].blocks).toEqual([
      { id: "b-link", type: "Bot link", options: { botId: "bot-other", groupId: "g-x", mergeResults: true } },
    ]);
  });

  test("leaves a v5 bot link that chose its own results as it is", () => {
    const document = structuredClone(v5Document()) as { groups: { blocks: { id: string; options?: object }[] }[] };
    const link = document.groups.flatMap((group) => group.blocks).find((block) => block.id === "b-link")!;
    link.options = { ...link.options, mergeResults: false };
    const parsed = botDocumentSchema.parse(upgradeBotDocument(document));
    expect(parsed.groups[1].blocks).toEqual([
      { id: "b-link", type: "Bot link", options: { botId: "bot-other", groupId: "g-x", mergeResults: false } },
    ]);
  });

  test("renames brand-named settings", () => {
    const parsed = botDocumentSchema.parse(upgradeBotDocument(v5Document()));
    expect(parsed.settings).toEqual({ metadata: { tagManagerId: "GTM-1" }, chatApp: { isEnabled: false } });
  });

  test("keeps a start group that also holds other blocks, without its start block", () => {
    const doc = v5Document();
    const merged = {
      ...doc,
      groups: [{ ...doc.groups[0], blocks: [...doc.groups[0].blocks, ...doc.groups[1].blocks] }, doc.groups[2]],
    };
    const parsed = botDocumentSchema.parse(upgradeBotDocument(merged));
    expect(parsed.groups.map((group) => [group.id, group.blocks.map((block) => block.id)])).toEqual([
      ["g-start", ["b-hello", "b-choice"]],
      ["g2", ["b-link"]],
    ]);
    expect(parsed.events[0].id).toBe("g-start");
  });

  test("does not mutate its (deeply frozen) input", () => {
    const input = v5Document();
    const snapshot = structuredClone(input);
    const upgraded = upgradeBotDocument(input);
    expect(input).toEqual(snapshot);
    expect(upgraded).not.toBe(input);
  });

  test("turns a v5 Google Sheets reference cell into a one-comparison filter", () => {
    const doc = v5Document();
    const sheets = {
      id: "b-sheet",
      type: "Google Sheets",
      options: {
        action: "Update a row",
        referenceCell: { id: "rc", column: "Email", value: "{{Email}}" },
        cellsToUpsert: [],
      },
    };
    const withSheets = {
      ...doc,
      groups: [...doc.groups, { id: "g3", title: "G3", graphCoordinates: { x: 0, y: 0 }, blocks: [sheets] }],
    };
    const parsed = botDocumentSchema.parse(upgradeBotDocument(deepFreeze(withSheets)));
    expect(parsed.groups[2].blocks[0]).toEqual({
      id: "b-sheet",
      type: "Google Sheets",
      options: {
        action: "Update a row",
        cellsToUpsert: [],
        filter: {
          comparisons: [
            { id: "b-sheet-reference-cell", column: "Email", comparisonOperator: "Equal to", value: "{{Email}}" },
          ],
        },
      },
    });
  });
});

describe("upgradeBotDocument from v3", () => {
  const previewBot = () =>
    deepFreeze({
      version: "3",
      id: "bot1",
      groups: [
        {
          id: "g0",
          title: "Start",
          graphCoordinates: { x: 0, y: 0 },
          blocks: [{ id: "s", type: "start", label: "Start", outgoingEdgeId: "e0" }],
        },
        {
          id: "g1",
          title: "Group #1",
          graphCoordinates: { x: 1, y: 1 },
          blocks: [{ id: "b-http", type: "Webhook", webhookId: "wh1", options: { isCustomBody: false } }],
        },
        { id: "g2", title: "Empty", graphCoordinates: { x: 2, y: 2 } },
      ],
      events: [],
      edges: [
        { id: "e0", from: { blockId: "s" }, to: { groupId: "g1" } },
        { id: "e-broken", from: {}, to: { groupId: "g1" } },
      ],
      variables: [],
      settings: {},
      theme: {},
    });

  test("treats a missing version as 3", () => {
    const { version: _version, ...withoutVersion } = previewBot();
    expect(botDocumentSchema.safeParse(upgradeBotDocument(withoutVersion)).success).toBe(true);
  });

  test("gives block-less groups an empty list and drops half-drawn edges", () => {
    const upgraded = upgradeBotDocument(previewBot()) as {
      groups: { id: string; blocks: unknown[] }[];
      edges: { id: string }[];
    };
    expect(upgraded.groups.find((group) => group.id === "g2")?.blocks).toEqual([]);
    expect(upgraded.edges.map((edge) => edge.id)).toEqual(["e0"]);
  });

  test("inlines a referenced webhook when the document carries its definition", () => {
    const withDefinitions = {
      ...previewBot(),
      webhooks: [{ id: "wh1", url: "https://api.example.com", method: "GET", headers: null, body: null }],
    };
    const upgraded = upgradeBotDocument(deepFreeze(withDefinitions)) as Record<string, unknown>;
    const parsed = botDocumentSchema.parse(upgraded);
    expect(parsed.groups[0].blocks[0]).toEqual({
      id: "b-http",
      type: "Webhook",
      options: {
        isCustomBody: false,
        webhook: { url: "https://api.example.com", method: "GET", headers: [], queryParams: [] },
      },
    });
    expect(upgraded).not.toHaveProperty("webhooks");
  });

  test("leaves the block as it is when the definition is not in the document", () => {
    const upgraded = upgradeBotDocument(previewBot()) as { groups: { blocks: unknown[] }[] };
    expect(upgraded.groups[0].blocks[0]).toEqual({ id: "b-http", type: "Webhook", options: { isCustomBody: false } });
  });
});

describe("upgradeBotDocument from v6", () => {
  test("returns an equal document for version 6", () => {
    const input = v6Document();
    expect(upgradeBotDocument(input)).toEqual(input);
  });

  test("labels 6.1 documents as 6", () => {
    expect(upgradeBotDocument({ ...v6Document(), version: "6.1" })).toEqual(v6Document());
  });

  test("renames brand-named fields of a published bot", () => {
    const published = deepFreeze({
      id: "pub1",
      typebotId: "bot1",
      whatsAppCredentialsId: "wa1",
      createdAt: "2024-01-01T00:00:00.000Z",
      updatedAt: "2024-01-01T00:00:00.000Z",
      ...v6Document(),
      version: "6.1",
    });
    const upgraded = upgradeBotDocument(published) as Record<string, unknown>;
    expect(upgraded).toMatchObject({ botId: "bot1", chatAppCredentialsId: "wa1", version: "6" });
    expect(upgraded).not.toHaveProperty("typebotId");
    expect(publishedBotSchema.safeParse(upgraded).success).toBe(true);
  });

  test("turns an empty column-width list into an empty map", () => {
    const bot = {
      ...v6Document(),
      resultsTablePreferences: { columnsOrder: [], columnsVisibility: {}, columnsWidth: [] },
    };
    expect(upgradeBotDocument(bot)).toMatchObject({ resultsTablePreferences: { columnsWidth: {} } });
  });

  test("passes through what it cannot read, for validation to report", () => {
    expect(upgradeBotDocument("not a bot")).toBe("not a bot");
    expect(upgradeBotDocument({ version: "latest", groups: [] })).toEqual({ version: "latest", groups: [] });
  });
});

describe("needsUpgrade", () => {
  test("is true for older versions and 6.1", () => {
    expect(needsUpgrade(v5Document())).toBe(true);
    expect(needsUpgrade({ groups: [] })).toBe(true);
    expect(needsUpgrade({ ...v6Document(), version: "6.1" })).toBe(true);
  });

  test("is true for a v6 document that still uses brand names", () => {
    expect(needsUpgrade({ ...v6Document(), settings: { whatsApp: {} } })).toBe(true);
    const doc = v6Document();
    const withLink = { ...doc, groups: [{ ...doc.groups[0], blocks: [{ id: "l", type: "Typebot link" }] }] };
    expect(needsUpgrade(withLink)).toBe(true);
  });

  test("is false for a clean v6 document, for any upgraded document, and for unreadable input", () => {
    expect(needsUpgrade(v6Document())).toBe(false);
    expect(needsUpgrade(upgradeBotDocument(v5Document()))).toBe(false);
    expect(needsUpgrade({ version: "latest" })).toBe(false);
    expect(needsUpgrade(null)).toBe(false);
  });

  test("the latest version is 6", () => {
    expect(LATEST_BOT_VERSION).toBe("6");
  });
});
