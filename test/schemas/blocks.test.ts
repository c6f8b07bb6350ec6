import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { botDocumentSchema } from "../../src/schemas/bot.js";
import {
  blockSchema,
  bubbleBlockTypes,
  choiceInputBlockSchema,
  inputBlockTypes,
  integrationBlockTypes,
  isBlockWithItems,
  isBubbleBlock,
  isInputBlock,
  isIntegrationBlock,
  isLogicBlock,
  logicBlockTypes,
  readVariableOrNumber,
  textInputBlockSchema,
  type Block,
  type BlockType,
} from "../../src/schemas/blocks/index.js";
import { blockSamples } from "./block-samples.js";

const issuePaths = (error: z.ZodError | undefined) => error?.issues.map((issue) => issue.path.join(".")) ?? [];

const documentWith = (blocks: unknown[]) => ({
  version: "6",
  groups: [{ id: "g1", title: "Group #1", graphCoordinates: { x: 0, y: 0 }, blocks }],
  events: [{ id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 0 } }],
  edges: [],
  variables: [],
  theme: {},
  settings: {},
});

describe("blockSchema", () => {
  test.each(Object.entries(blockSamples))("parses a realistic %s block unchanged", (_type, sample) => {
    expect(blockSchema.parse(sample)).toEqual(sample);
  });

  test("has a sample for exactly the block types of the four categories", () => {
    const categorised = [...bubbleBlockTypes, ...inputBlockTypes, ...logicBlockTypes, ...integrationBlockTypes];
    expect(Object.keys(blockSamples).sort()).toEqual([...categorised].sort());
    expect(new Set(categorised).size).toBe(categorised.length);
    expect(categorised).toHaveLength(60);
  });

  test("rejects an unknown block type with the path of the offending block", () => {
    const result = botDocumentSchema.safeParse(documentWith([blockSamples.text, { id: "b2", type: "Typebot link" }]));
    expect(result.success).toBe(false);
    expect(issuePaths(result.error)).toEqual(["groups.0.blocks.1.type"]);
  });

  test("rejects the legacy start block, which v6 replaced by an event", () => {
    const result = botDocumentSchema.safeParse(documentWith([{ id: "s", type: "start", label: "Start" }]));
    expect(issuePaths(result.error)).toEqual(["groups.0.blocks.0.type"]);
  });

  test("reports a malformed option with its path", () => {
    const result = botDocumentSchema.safeParse(
      documentWith([blockSamples.text, { id: "b2", type: "text input", options: { isLong: "yes" } }]),
    );
    expect(result.error?.issues).toMatchObject([
      { code: "invalid_type", expected: "boolean", path: ["groups", 0, "blocks", 1, "options", "isLong"] },
    ]);
  });

  test("reports an unknown comparison operator inside a condition item", () => {
    const block = {
      id: "c",
      type: "Condition",
      items: [{ id: "i", content: { comparisons: [{ id: "x", comparisonOperator: "Equals" }] } }],
    };
    const result = botDocumentSchema.safeParse(documentWith([block]));
    expect(issuePaths(result.error)).toEqual(["groups.0.blocks.0.items.0.content.comparisons.0.comparisonOperator"]);
  });

  test("reports an invalid number-input locale with a readable message", () => {
    const result = blockSchema.safeParse({ id: "n", type: "number input", options: { locale: "english" } });
    expect(result.error?.issues).toMatchObject([
      { path: ["options", "locale"], message: "locale must look like 'en' or 'en-US'" },
    ]);
  });

  test("requires the two A/B paths in order", () => {
    const swapped = {
      id: "ab",
      type: "AB test",
      items: [
        { id: "1", path: "b" },
        { id: "2", path: "a" },
      ],
    };
    expect(issuePaths(blockSchema.safeParse(swapped).error)).toEqual(["items.0.path", "items.1.path"]);
  });

  test("strips unknown keys such as the v5 item blockId", () => {
    const parsed = choiceInputBlockSchema.parse({
      id: "c",
      type: "choice input",
      items: [{ id: "i", blockId: "c", content: "Yes" }],
      extra: 1,
    });
    expect(parsed).toEqual({ id: "c", type: "choice input", items: [{ id: "i", content: "Yes" }] });
  });

  test("keeps every option of a plug-in block, since they vary by action", () => {
    const block = {
      id: "f",
      type: "anthropic",
      options: { credentialsId: "c", action: "Create Chat Message", model: "claude", messages: [{ role: "user" }] },
    };
    expect(blockSchema.parse(block)).toEqual(block);
  });

  test("does not write defaults into the parsed block", () => {
    expect(textInputBlockSchema.parse({ id: "t", type: "text input" })).toEqual({ id: "t", type: "text input" });
  });
});

describe("block categories", () => {
  const blocks = Object.values(blockSamples).map((sample) => blockSchema.parse(sample));
  const typesWhere = (guard: (block: Block) => boolean) => blocks.filter(guard).map((block) => block.type);

  test("each guard selects exactly the types of its list", () => {
    expect(typesWhere(isBubbleBlock)).toEqual([...bubbleBlockTypes]);
    expect(typesWhere(isInputBlock)).toEqual([...inputBlockTypes]);
    expect(typesWhere(isLogicBlock)).toEqual([...logicBlockTypes]);
    expect(typesWhere(isIntegrationBlock).sort()).toEqual([...integrationBlockTypes].sort());
  });

  test("the blocks that route through items are Condition, choice, picture choice, AB test, cards and knowledge answer", () => {
    const withItems: BlockType[] = [
      "choice input",
      "picture choice input",
      "cards",
      "Condition",
      "AB test",
      "knowledge answer",
    ];
    expect(typesWhere(isBlockWithItems)).toEqual(withItems);
  });
});

describe("readVariableOrNumber", () => {
  test("keeps numbers and single variable references, parses numeric text", () => {
    expect(readVariableOrNumber(400)).toBe(400);
    expect(readVariableOrNumber(" {{Height}} ")).toBe("{{Height}}");
    expect(readVariableOrNumber("12.5px")).toBe(12.5);
  });

  test("returns undefined for missing or non-numeric text", () => {
    expect(readVariableOrNumber(undefined)).toBeUndefined();
    expect(readVariableOrNumber("tall")).toBeUndefined();
    expect(readVariableOrNumber("{{A}} {{B}}")).toBeUndefined();
  });
});
