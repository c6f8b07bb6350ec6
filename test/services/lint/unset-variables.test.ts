import { describe, expect, it } from "vitest";
import { checkUnsetVariables } from "../../../src/services/lint/unset-variables.js";
import { ask, flow, group, say, setVariable } from "./lint-fixtures.js";

const neverSet = (blockId: string, name: string) => ({
  severity: "warning",
  groupId: "g1",
  blockId,
  message: `Variable "${name}" is used here but never set: no block saves to it and it has no value, so it stays empty unless prefilled`,
});

describe("checkUnsetVariables", () => {
  it("reports a {{name}} that no variable has as an error", () => {
    const doc = flow({ groups: [group("g1", [say("b1", "Hello {{Nmae}}")])], variables: [{ id: "v1", name: "Name" }] });
    expect(checkUnsetVariables(doc)).toEqual([
      {
        severity: "error",
        groupId: "g1",
        blockId: "b1",
        message: '{{Nmae}} refers to no variable: this bot has no variable named "Nmae"',
      },
    ]);
  });

  it("reports a declared variable that nothing sets, once per block", () => {
    const doc = flow({
      groups: [group("g1", [say("b1", "{{Name}}, dear {{Name}}")])],
      variables: [{ id: "v1", name: "Name" }],
    });
    expect(checkUnsetVariables(doc)).toEqual([neverSet("b1", "Name")]);
  });

  it("accepts variables set by an input, a Set variable block, an HTTP mapping, a reply event, code or a value", () => {
    const doc = flow({
      groups: [
        group("g1", [
          ask("b-input", "v-input"),
          setVariable("b-set", "v-set"),
          {
            id: "b-http",
            type: "Webhook",
            options: { responseVariableMapping: [{ id: "m1", variableId: "v-http", bodyPath: "data" }] },
          },
          { id: "b-code", type: "Code", options: { content: 'setVariable("Coded", 42)' } },
          say("b-all", "{{Input}} {{Set}} {{Http}} {{Reply}} {{Coded}} {{Given}}"),
        ]),
      ],
      events: [
        { id: "ev-reply", type: "reply", graphCoordinates: { x: 0, y: 0 }, options: { contentVariableId: "v-reply" } },
      ],
      variables: [
        { id: "v-input", name: "Input" },
        { id: "v-set", name: "Set" },
        { id: "v-http", name: "Http" },
        { id: "v-reply", name: "Reply" },
        { id: "v-code", name: "Coded" },
        { id: "v-given", name: "Given", value: "preset" },
      ],
    });
    expect(checkUnsetVariables(doc)).toEqual([]);
  });

  it("sees uses inside inline code and in a Condition's comparisons", () => {
    const doc = flow({
      groups: [
        group("g1", [
          say("b-inline", "Next year: {{= {{Age}} + 1 =}}"),
          {
            id: "b-if",
            type: "Condition",
            items: [
              { id: "i1", content: { comparisons: [{ id: "c1", variableId: "v-vip", comparisonOperator: "Is set" }] } },
            ],
          },
        ]),
      ],
      variables: [
        { id: "v-age", name: "Age" },
        { id: "v-vip", name: "VIP" },
      ],
    });
    expect(checkUnsetVariables(doc)).toEqual([neverSet("b-inline", "Age"), neverSet("b-if", "VIP")]);
  });

  it("leaves declared variables alone when a linked bot merges its variables back", () => {
    const doc = flow({
      groups: [
        group("g1", [
          { id: "b-link", type: "Bot link", options: { botId: "bot-child", mergeResults: true } },
          say("b1", "{{Plan}}"),
        ]),
      ],
      variables: [{ id: "v1", name: "Plan" }],
    });
    expect(checkUnsetVariables(doc)).toEqual([]);
  });
});
