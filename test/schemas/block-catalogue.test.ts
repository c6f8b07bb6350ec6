import { describe, expect, it } from "vitest";
import { executorFor } from "../../src/engine/blocks/registry.js";
import {
  blockCatalogue,
  blockSchema,
  bubbleBlockTypes,
  inputBlockTypes,
  type BlockType,
  type RatingInputBlock,
} from "../../src/schemas/blocks/index.js";
import { blockSummary } from "../../web/builder/src/editor/canvas/block-summary.js";
import { resultColumns } from "../../web/builder/src/results/results-columns.js";
import { ratingValues } from "../../web/src/inputs/rating-values.js";
import { integrationContext } from "../engine/blocks/integrations/integration-context.js";

const reply = (text: string) => ({ type: "text" as const, text });

describe("rating range: canvas, chat and engine agree", () => {
  const cases: [string, RatingInputBlock["options"], string, number[]][] = [
    ["default options", undefined, "Rate from 0 to 10", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    ["numbers 1 to 5", { startsAt: 1, length: 5 }, "Rate from 1 to 5", [1, 2, 3, 4, 5]],
    ["five icons", { buttonType: "Icons", length: 5, startsAt: 3 }, "Rate from 1 to 5", [1, 2, 3, 4, 5]],
  ];
  for (const [name, options, canvas, values] of cases)
    it(`with ${name}`, () => {
      const block: RatingInputBlock = { id: "r", type: "rating input", ...(options ? { options } : {}) };
      expect(blockSummary(block, [])).toBe(canvas);
      expect(ratingValues(options ?? {})).toEqual(values);
      const engine = executorFor(block);
      const ctx = integrationContext({});
      for (const value of values) expect(engine.parseReply(reply(String(value)), ctx).status).toBe("success");
      expect(engine.parseReply(reply(String(values[0] - 1)), ctx)).toEqual({ status: "fail" });
      expect(engine.parseReply(reply(String(values.at(-1)! + 1)), ctx)).toEqual({ status: "fail" });
    });
});

describe("block catalogue", () => {
  // Every type the document schema accepts: a literal per block schema, an enum for the shared ones.
  const types = blockSchema.options.flatMap((schema) => {
    const type = schema.shape.type;
    return "options" in type ? [...type.options] : [...type.values];
  }) as BlockType[];

  it("has one entry per block type, and nothing else", () => {
    expect(Object.keys(blockCatalogue).sort()).toEqual([...types].sort());
  });

  it("gives a result column to the inputs' answers only", () => {
    const answered = types.filter((type) => blockCatalogue[type].resultColumn === "answer");
    expect(answered.sort()).toEqual([...inputBlockTypes].sort());
    const bot = {
      variables: [],
      groups: [
        {
          id: "g",
          title: "Group #1",
          graphCoordinates: { x: 0, y: 0 },
          blocks: types.map((type, index) => ({ id: `b${index}`, type }) as never),
        },
      ],
    };
    expect(resultColumns(bot).filter((column) => column.kind === "input")).toHaveLength(inputBlockTypes.length);
  });

  it("holds defaults each kind's schema accepts", () => {
    for (const type of types) {
      const where = (bubbleBlockTypes as readonly string[]).includes(type) ? "content" : "options";
      // Branching kinds need their items (an A/B test two paths, a knowledge answer its "no good match"
      // exit); the other schemas strip the key.
      const paths = [
        { id: "a", path: "a" },
        { id: "b", path: "b" },
      ];
      const items = type === "knowledge answer" ? [{ id: "no-match" }] : paths;
      const parsed = blockSchema.safeParse({ id: "x", type, items, [where]: blockCatalogue[type].defaults });
      expect(parsed.success, `${type}: ${parsed.error?.message}`).toBe(true);
    }
  });
});
