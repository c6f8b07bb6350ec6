import { describe, expect, it } from "vitest";
import {
  getDisplayedCards,
  getDisplayedChoiceItems,
  getDisplayedPictureItems,
} from "../../../src/engine/replies/displayed-items.js";
import type { ReplyVariable } from "../../../src/engine/replies/types.js";

type TestCondition = { show: boolean };
const evaluateCondition = (condition: TestCondition) => condition.show;

const variables: ReplyVariable[] = [
  { id: "v-list", name: "Fruits", value: ["Apple", "", "Pear", null, "Apple"] },
  { id: "v-json", name: "Json", value: '["a", 2, null, "", {"k":1}]' },
  { id: "v-text", name: "Single", value: "Only one" },
  { id: "v-empty", name: "Nothing", value: null },
  { id: "v-unset", name: "Unset" },
  { id: "v-pics", name: "Pictures", value: ["https://i.io/1.png", null, "https://i.io/3.png"] },
  { id: "v-titles", name: "Titles", value: ["One", "Two", "Three"] },
  { id: "v-descs", name: "Descriptions", value: "Shared description" },
  { id: "v-prices", name: "Prices", value: ["9", "19"] },
  { id: "v-names", name: "Plans", value: ["Basic", "Pro"] },
];

describe("getDisplayedChoiceItems", () => {
  const items = [
    { id: "a", content: "Always" },
    { id: "b", content: "Hidden", displayCondition: { isEnabled: true, condition: { show: false } } },
    { id: "c", content: "Shown", displayCondition: { isEnabled: true, condition: { show: true } } },
    { id: "d", content: "Disabled condition", displayCondition: { isEnabled: false, condition: { show: false } } },
    { id: "e", content: "No condition", displayCondition: { isEnabled: true } },
  ];

  it("keeps items whose enabled display condition holds", () => {
    const shown = getDisplayedChoiceItems({ items }, variables, evaluateCondition);
    expect(shown.map((item) => item.id)).toEqual(["a", "c", "d", "e"]);
  });

  it("passes the variables to the condition evaluator", () => {
    const seen: unknown[] = [];
    getDisplayedChoiceItems({ items }, variables, (condition: TestCondition, vars) => {
      seen.push(vars);
      return condition.show;
    });
    expect(seen).toEqual([variables, variables]);
  });

  it("builds distinct non-empty items from a list variable", () => {
    const shown = getDisplayedChoiceItems(
      { items, options: { dynamicVariableId: "v-list" } },
      variables,
      evaluateCondition,
    );
    expect(shown).toEqual([
      { id: "choice0", content: "Apple" },
      { id: "choice1", content: "Pear" },
    ]);
  });

  it("reads a text holding a JSON array as that list", () => {
    const shown = getDisplayedChoiceItems(
      { items, options: { dynamicVariableId: "v-json" } },
      variables,
      evaluateCondition,
    );
    expect(shown).toEqual([
      { id: "choice0", content: "a" },
      { id: "choice1", content: "2" },
      { id: "choice2", content: '{"k":1}' },
    ]);
  });

  it("reads other text as a one-item list", () => {
    const shown = getDisplayedChoiceItems(
      { items, options: { dynamicVariableId: "v-text" } },
      variables,
      evaluateCondition,
    );
    expect(shown).toEqual([{ id: "choice0", content: "Only one" }]);
  });

  it("falls back to the filtered static items when the variable has no value", () => {
    for (const dynamicVariableId of ["v-empty", "v-unset", "missing"]) {
      const shown = getDisplayedChoiceItems({ items, options: { dynamicVariableId } }, variables, evaluateCondition);
      expect(shown.map((item) => item.id)).toEqual(["a", "c", "d", "e"]);
    }
  });
});

describe("getDisplayedPictureItems", () => {
  const items = [
    { id: "x", title: "Static", pictureSrc: "https://i.io/x.png" },
    { id: "y", title: "Hidden", displayCondition: { isEnabled: true, condition: { show: false } } },
  ];
  const dynamicBlock = (dynamicItems: Record<string, unknown>) => ({ items, options: { dynamicItems } });

  it("keeps static items whose display condition holds", () => {
    expect(getDisplayedPictureItems({ items }, variables, evaluateCondition).map((item) => item.id)).toEqual(["x"]);
  });

  it("builds one item per picture, titled and described by position", () => {
    const block = dynamicBlock({
      isEnabled: true,
      pictureSrcsVariableId: "v-pics",
      titlesVariableId: "v-titles",
      descriptionsVariableId: "v-descs",
    });
    expect(getDisplayedPictureItems(block, variables, evaluateCondition)).toEqual([
      { id: "0", pictureSrc: "https://i.io/1.png", title: "One", description: "Shared description" },
      { id: "1", pictureSrc: "https://i.io/3.png", title: "Three", description: "" },
    ]);
  });

  it("leaves titles and descriptions empty without their variables", () => {
    const block = dynamicBlock({ isEnabled: true, pictureSrcsVariableId: "v-text" });
    expect(getDisplayedPictureItems(block, variables, evaluateCondition)).toEqual([
      { id: "0", pictureSrc: "Only one", title: "", description: "" },
    ]);
  });

  it("uses static items when dynamic items are disabled or the pictures variable has no value", () => {
    const disabled = dynamicBlock({ isEnabled: false, pictureSrcsVariableId: "v-pics" });
    const empty = dynamicBlock({ isEnabled: true, pictureSrcsVariableId: "v-empty" });
    expect(getDisplayedPictureItems(disabled, variables, evaluateCondition).map((item) => item.id)).toEqual(["x"]);
    expect(getDisplayedPictureItems(empty, variables, evaluateCondition).map((item) => item.id)).toEqual(["x"]);
  });
});

describe("getDisplayedCards", () => {
  it("keeps cards whose display condition holds", () => {
    const items = [
      { id: "a", title: "A" },
      { id: "b", title: "B", options: { displayCondition: { isEnabled: true, condition: { show: false } } } },
      { id: "c", title: "C", options: { displayCondition: { isEnabled: true, condition: { show: true } } } },
    ];
    expect(getDisplayedCards({ items }, variables, evaluateCondition).map((item) => item.id)).toEqual(["a", "c"]);
  });

  it("expands a lone card whose fields are list variables", () => {
    const template = {
      id: "card",
      title: "{{Plans}}",
      description: "{{Single}} at {{Prices}}",
      imageUrl: "https://i.io/plan.png",
      options: { internalValue: "{{Prices}}" },
      paths: [
        { id: "p-buy", text: "Buy", outgoingEdgeId: "e-buy" },
        { id: "p-info", text: "Info" },
      ],
    };
    expect(getDisplayedCards({ items: [template] }, variables, evaluateCondition)).toEqual([
      {
        id: "card",
        title: "Basic",
        description: "{{Single}} at {{Prices}}",
        imageUrl: "https://i.io/plan.png",
        options: { internalValue: "9" },
        paths: [
          { id: "dynamic-card-0-path-0", text: "Buy", outgoingEdgeId: "e-buy" },
          { id: "dynamic-card-0-path-1", text: "Info" },
        ],
      },
      {
        id: "card",
        title: "Pro",
        description: "{{Single}} at {{Prices}}",
        imageUrl: "https://i.io/plan.png",
        options: { internalValue: "19" },
        paths: [
          { id: "dynamic-card-1-path-0", text: "Buy", outgoingEdgeId: "e-buy" },
          { id: "dynamic-card-1-path-1", text: "Info" },
        ],
      },
    ]);
  });

  it("is driven by images when the title is not a list", () => {
    const template = { id: "card", title: "{{Single}}", imageUrl: "{{Pictures}}", description: "{{Names}}" };
    expect(getDisplayedCards({ items: [template] }, variables, evaluateCondition)).toEqual([
      { id: "card", title: "{{Single}}", imageUrl: "https://i.io/1.png", description: "{{Names}}" },
      { id: "card", title: "{{Single}}", imageUrl: null, description: "{{Names}}" },
      { id: "card", title: "{{Single}}", imageUrl: "https://i.io/3.png", description: "{{Names}}" },
    ]);
  });

  it("ignores display conditions of an expanded card", () => {
    const template = {
      id: "card",
      title: "{{Titles}}",
      options: { displayCondition: { isEnabled: true, condition: { show: false } } },
    };
    expect(getDisplayedCards({ items: [template] }, variables, evaluateCondition)).toHaveLength(3);
  });

  it("does not expand on scalar variables, several cards, or an internal value list alone", () => {
    const scalar = { id: "s", title: "{{Single}}" };
    expect(getDisplayedCards({ items: [scalar] }, variables, evaluateCondition)).toEqual([scalar]);
    const internalOnly = { id: "i", title: "Static", options: { internalValue: "{{Prices}}" } };
    expect(getDisplayedCards({ items: [internalOnly] }, variables, evaluateCondition)).toEqual([internalOnly]);
    const two = [
      { id: "a", title: "{{Titles}}" },
      { id: "b", title: "B" },
    ];
    expect(getDisplayedCards({ items: two }, variables, evaluateCondition)).toEqual(two);
  });
});
