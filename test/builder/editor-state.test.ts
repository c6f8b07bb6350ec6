import { afterEach, describe, expect, it, vi } from "vitest";
import type { Bot, BotDocument } from "../../web/builder/src/lib/types.js";
import { blockCatalogue, blockTitle, createBlock, searchBlocks } from "../../web/builder/src/editor/block-catalogue.js";
import {
  defaultHandleLabel,
  hasDefaultHandle,
  itemHandles,
} from "../../web/builder/src/editor/canvas/block-handles.js";
import { blockSummary } from "../../web/builder/src/editor/canvas/block-summary.js";
import { getIn, setIn } from "../../web/builder/src/editor/settings/set-in.js";
import { Autosave, SAVE_DELAY_MS } from "../../web/builder/src/editor/store/autosave.js";
import { parseSourceHandle, sourceHandleId } from "../../web/builder/src/editor/store/edge-source.js";
import { EditorStore } from "../../web/builder/src/editor/store/editor-store.js";
import { updateGroup } from "../../web/builder/src/editor/store/operations.js";
import { cellText, orderedColumns, resultColumns } from "../../web/builder/src/results/results-columns.js";
import {
  plainToRichText,
  richTextToHtml,
  richTextToPlain,
} from "../../web/builder/src/editor/rich-text/rich-text-convert.js";

const emptyDoc = (): BotDocument =>
  ({
    events: [{ id: "s", type: "start", graphCoordinates: { x: 0, y: 0 } }],
    groups: [{ id: "g", title: "G", graphCoordinates: { x: 0, y: 0 }, blocks: [] }],
    edges: [],
    variables: [],
    theme: {},
    settings: {},
  }) as BotDocument;

describe("editor store", () => {
  it("undoes and redoes edits, merging a burst of typing in one field into one step", () => {
    const store = new EditorStore(emptyDoc(), {
      botId: "b",
      name: "Bot",
      workspaceId: "w",
      publicId: null,
      isPublished: false,
      hasUnpublishedChanges: false,
    });
    store.update((doc) => updateGroup(doc, "g", { title: "A" }), "title");
    store.update((doc) => updateGroup(doc, "g", { title: "AB" }), "title");
    store.update((doc) => updateGroup(doc, "g", { graphCoordinates: { x: 5, y: 5 } }));
    expect(store.historyState.get()).toEqual({ canUndo: true, canRedo: false });
    store.undo();
    expect(store.doc.get().groups[0]).toMatchObject({ title: "AB", graphCoordinates: { x: 0, y: 0 } });
    store.undo();
    expect(store.doc.get().groups[0].title).toBe("G");
    expect(store.historyState.get()).toEqual({ canUndo: false, canRedo: true });
    store.redo();
    store.redo();
    expect(store.doc.get().groups[0]).toMatchObject({ title: "AB", graphCoordinates: { x: 5, y: 5 } });
  });
});

describe("autosave", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("saves once after a burst of edits, sending the updatedAt it last read, and reports a 409 as a conflict", async () => {
    vi.useFakeTimers();
    const bodies: any[] = [];
    let status = 200;
    vi.stubGlobal("fetch", async (_url: string, init: { body: string }) => {
      bodies.push(JSON.parse(init.body));
      return new Response(
        JSON.stringify(
          status === 200
            ? { bot: { updatedAt: `2026-01-01T00:00:0${bodies.length}.000Z` } as Bot }
            : { code: "CONFLICT", message: "newer" },
        ),
        { status },
      );
    });
    const store = new EditorStore(emptyDoc(), {
      botId: "b1",
      name: "Bot",
      workspaceId: "w",
      publicId: null,
      isPublished: false,
      hasUnpublishedChanges: false,
    });
    const autosave = new Autosave(store, "2026-01-01T00:00:00.000Z");
    store.update((doc) => updateGroup(doc, "g", { title: "x" }));
    store.update((doc) => updateGroup(doc, "g", { title: "xy" }));
    expect(autosave.state.get().status).toBe("pending");
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    expect(bodies).toHaveLength(1);
    expect(bodies[0].bot.updatedAt).toBe("2026-01-01T00:00:00.000Z");
    expect(bodies[0].bot.groups[0].title).toBe("xy");
    expect(autosave.state.get().status).toBe("saved");

    status = 409;
    store.meta.set((meta) => ({ ...meta, name: "Renamed" }));
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    expect(bodies[1].bot).toMatchObject({ name: "Renamed", updatedAt: "2026-01-01T00:00:01.000Z" });
    expect(autosave.state.get().status).toBe("conflict");
    status = 200;
    await autosave.save(true);
    expect(bodies[2].overwrite).toBe(true);
    expect(autosave.state.get().status).toBe("saved");
    autosave.dispose();
  });
});

describe("block catalogue and canvas helpers", () => {
  it("lists every block type once, searchable by name and keyword", () => {
    expect(new Set(blockCatalogue.map((entry) => entry.type)).size).toBe(60);
    expect(searchBlocks("http").map((entry) => entry.type)).toEqual([
      "webhook",
      "Webhook",
      "Zapier",
      "Make.com",
      "Pabbly",
    ]);
    expect(searchBlocks("send mail").map((entry) => entry.type)).toEqual(["Email"]);
    expect(blockTitle("text input")).toBe("Text input");
    expect(blockTitle("choice input")).toBe("Buttons");
  });

  it("creates branching blocks with their items, and names their exits", () => {
    const abTest = createBlock("AB test");
    expect(itemHandles(abTest).map((handle) => handle.label)).toEqual(["A · 50%", "B · 50%"]);
    expect(hasDefaultHandle(abTest, true)).toBe(false);
    const condition = createBlock("Condition");
    expect(defaultHandleLabel(condition)).toBe("Else");
    const cards = createBlock("cards");
    expect(itemHandles(cards)).toHaveLength(1);
    expect(hasDefaultHandle(createBlock("text"), false)).toBe(false);
    expect(hasDefaultHandle({ ...createBlock("text"), outgoingEdgeId: "e" }, false)).toBe(true);
  });

  it("round-trips handle ids", () => {
    for (const source of [
      { eventId: "e" },
      { blockId: "b" },
      { blockId: "b", itemId: "i" },
      { blockId: "b", itemId: "i", pathId: "p" },
    ])
      expect(parseSourceHandle(sourceHandleId(source))).toEqual(source);
  });

  it("summarises blocks in a line", () => {
    const variables = [{ id: "v", name: "age" }];
    expect(
      blockSummary(
        { id: "x", type: "Set variable", options: { variableId: "v", expressionToEvaluate: "{{age}} + 1" } },
        variables,
      ),
    ).toBe("age = {{age}} + 1");
    expect(blockSummary({ id: "x", type: "email input" }, variables)).toBe("Type your email...");
    expect(
      blockSummary({ id: "x", type: "Webhook", options: { webhook: { url: "https://a.example" } } }, variables),
    ).toBe("POST https://a.example");
  });

  it("names the group a Jump block goes to, and says when that group is gone", () => {
    const jump = { id: "x", type: "Jump" as const, options: { groupId: "g2" } };
    expect(blockSummary(jump, [], { targetGroupTitle: "Billing" })).toBe("Jump to “Billing”");
    expect(blockSummary(jump, [])).toBe("Jump to a missing group");
    expect(blockSummary({ id: "x", type: "Jump" }, [])).toBe("Pick a group…");
  });

  it("writes nested options immutably, dropping what is emptied", () => {
    const block = { id: "b", options: { labels: { placeholder: "x" }, isLong: true } };
    const cleared = setIn(block, ["options", "labels", "placeholder"], "");
    expect(cleared).toEqual({ id: "b", options: { isLong: true } });
    expect(block.options.labels.placeholder).toBe("x");
    expect(getIn(setIn({}, ["a", "b"], 1), ["a", "b"])).toBe(1);
  });

  it("converts rich text to plain text and to the editor's HTML, escaping text", () => {
    const rich = [
      {
        type: "p",
        children: [
          { text: "Hi " },
          { text: "<you>", bold: true },
          { type: "a", url: "https://x.example", children: [{ text: "link" }] },
        ],
      },
    ];
    expect(richTextToPlain(rich)).toBe("Hi <you>link");
    expect(richTextToHtml(rich)).toBe('<p>Hi <strong>&lt;you&gt;</strong><a href="https://x.example">link</a></p>');
    expect(plainToRichText("a\nb")).toEqual([
      { type: "p", children: [{ text: "a" }] },
      { type: "p", children: [{ text: "b" }] },
    ]);
  });
});

describe("results columns", () => {
  const bot = {
    groups: [
      {
        id: "g",
        title: "Ask",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: "b1", type: "text input", options: { variableId: "v1" } },
          { id: "b2", type: "email input" },
          { id: "b3", type: "email input" },
        ],
      },
    ],
    variables: [
      { id: "v1", name: "name" },
      { id: "v2", name: "utm" },
      { id: "v3", name: "scratch", isSessionVariable: true },
    ],
  } as unknown as Bot;

  it("makes a column per input (named after its variable or group) and per other variable", () => {
    expect(resultColumns(bot).map((column) => `${column.id}=${column.label}`)).toEqual([
      "createdAt=Submitted at",
      "status=Status",
      "version=Version",
      "b1=name",
      "b2=Ask",
      "b3=Ask (2)",
      "var:v2=utm",
    ]);
  });

  it("applies saved order and visibility, new columns last", () => {
    const { all, visible } = orderedColumns(resultColumns(bot), {
      columnsOrder: ["b2", "createdAt"],
      columnsVisibility: { b3: false },
      columnsWidth: {},
    });
    expect(all.map((column) => column.id)).toEqual(["b2", "createdAt", "status", "version", "b1", "b3", "var:v2"]);
    expect(visible.map((column) => column.id)).toEqual(["b2", "createdAt", "status", "version", "b1", "var:v2"]);
  });

  it("reads the latest answer of an input and list variables joined", () => {
    const result = {
      id: "r",
      createdAt: "t",
      botId: "x",
      botVersionId: null,
      isCompleted: true,
      hasStarted: true,
      isArchived: false,
      answers: [
        { blockId: "b1", content: "A", attachedFileUrls: [] },
        { blockId: "b1", content: "B", attachedFileUrls: [] },
      ],
      variables: [{ id: "v2", name: "utm", value: ["x", null, "y"] }],
    };
    const [, status, version, name, , , utm] = resultColumns(bot);
    expect(cellText(result, status)).toBe("Completed");
    expect(cellText(result, version, { versionId: "ver", number: 3, isStaging: false })).toBe("Version 3");
    expect(cellText(result, version, { versionId: null, number: null, isStaging: true })).toBe("The draft · staging");
    expect(cellText(result, version)).toBe("");
    expect(cellText({ ...result, isCompleted: false }, status)).toBe("Not completed");
    expect(cellText(result, name)).toBe("B");
    expect(cellText(result, utm)).toBe("x, y");
  });
});
