import { describe, expect, it } from "vitest";
import { checkSilentEndings } from "../../../src/services/lint/silent-endings.js";
import { ask, choice, edge, flow, group, say, setVariable } from "./lint-fixtures.js";

const NOTHING_FOLLOWS = "Nothing follows this input: after the visitor answers, the chat ends without a reply";
const variables = [{ id: "v1", name: "Answer" }];

describe("checkSilentEndings", () => {
  it("accepts a flow whose every answer gets a reply", () => {
    const doc = flow({
      groups: [group("g1", [say("b1", "Your name?"), ask("b2", "v1"), say("b3", "Thanks")])],
      variables,
    });
    expect(checkSilentEndings(doc)).toEqual([]);
  });

  it("reports a start event connected to nothing as an error", () => {
    const doc = flow({ groups: [group("g1", [say("b1", "Hi")])], start: null });
    expect(checkSilentEndings(doc)).toEqual([
      { severity: "error", message: "The start event is not connected to any group: the chat would show nothing" },
    ]);
  });

  it("reports a start whose flow ends before saying anything", () => {
    const doc = flow({ groups: [group("g1", [setVariable("b1", "v1")])], variables });
    expect(checkSilentEndings(doc)).toEqual([
      {
        severity: "warning",
        groupId: "g1",
        message: "The chat can end before saying anything: the flow from the start shows no message and asks nothing",
      },
    ]);
  });

  it("reports an input that is the last thing of the flow", () => {
    const doc = flow({ groups: [group("g1", [say("b1", "Your name?"), ask("b2", "v1")])], variables });
    expect(checkSilentEndings(doc)).toEqual([
      { severity: "warning", groupId: "g1", blockId: "b2", message: NOTHING_FOLLOWS },
    ]);
  });

  it("reports an input whose answer only runs silent blocks before the end", () => {
    const doc = flow({
      groups: [
        group("g1", [say("b1", "Your name?"), ask("b2", "v1", "e-save")]),
        group("g2", [setVariable("b3", "v1"), say("b4", "")]),
      ],
      edges: [edge("e-save", "g2")],
      variables,
    });
    expect(checkSilentEndings(doc)).toEqual([
      { severity: "warning", groupId: "g1", blockId: "b2", message: NOTHING_FOLLOWS },
    ]);
  });

  it("reports only the choice item that leads nowhere when the others are connected", () => {
    const doc = flow({
      groups: [
        group("g1", [
          say("b1", "Coffee?"),
          choice("b-choice", [
            { id: "i-yes", content: "Yes", outgoingEdgeId: "e-yes" },
            { id: "i-no", content: "No" },
          ]),
        ]),
        group("g2", [say("b2", "Here it is")]),
      ],
      edges: [edge("e-yes", "g2")],
    });
    expect(checkSilentEndings(doc)).toEqual([
      {
        severity: "warning",
        groupId: "g1",
        blockId: "b-choice",
        message: 'Nothing follows item "No": after the visitor picks "No", the chat ends without a reply',
      },
    ]);
  });

  it("accepts unconnected choice items when the block's own edge or the next block follows", () => {
    const items = [
      { id: "i-yes", content: "Yes", outgoingEdgeId: "e-yes" },
      { id: "i-no", content: "No" },
    ];
    const withDefault = flow({
      groups: [
        group("g1", [choice("b-choice", items, { outgoingEdgeId: "e-default" })]),
        group("g2", [say("b2", "Ok")]),
      ],
      edges: [edge("e-yes", "g2"), edge("e-default", "g2")],
    });
    const withNextBlock = flow({
      groups: [group("g1", [choice("b-choice", items), say("b3", "Noted")]), group("g2", [say("b2", "Ok")])],
      edges: [edge("e-yes", "g2")],
    });
    expect(checkSilentEndings(withDefault)).toEqual([]);
    expect(checkSilentEndings(withNextBlock)).toEqual([]);
  });

  it("reports a multiple choice once, since it only follows the block's own edge", () => {
    const doc = flow({
      groups: [
        group("g1", [
          choice("b-choice", [{ id: "i-a", content: "A", outgoingEdgeId: "e-a" }], {
            options: { isMultipleChoice: true },
          }),
        ]),
        group("g2", [say("b2", "Ok")]),
      ],
      edges: [edge("e-a", "g2")],
    });
    expect(checkSilentEndings(doc)).toEqual([
      { severity: "warning", groupId: "g1", blockId: "b-choice", message: NOTHING_FOLLOWS },
    ]);
  });

  it("follows each branch of a Condition: a matching branch without an edge ends the chat", () => {
    const condition = (items: object[]) => ({ id: "b-if", type: "Condition", items, outgoingEdgeId: "e-else" });
    const branch = {
      id: "i-adult",
      content: { comparisons: [{ id: "c1", variableId: "v1", comparisonOperator: "Greater than", value: "17" }] },
    };
    const open = flow({
      groups: [group("g1", [ask("b1", "v1"), condition([branch])]), group("g2", [say("b2", "Too young")])],
      edges: [edge("e-else", "g2")],
      variables,
    });
    const connected = flow({
      groups: [
        group("g1", [ask("b1", "v1"), condition([{ ...branch, outgoingEdgeId: "e-adult" }])]),
        group("g2", [say("b2", "Too young")]),
        group("g3", [say("b3", "Welcome")]),
      ],
      edges: [edge("e-else", "g2"), edge("e-adult", "g3")],
      variables,
    });
    expect(checkSilentEndings(open)).toEqual([
      { severity: "warning", groupId: "g1", blockId: "b1", message: NOTHING_FOLLOWS },
    ]);
    expect(checkSilentEndings(connected)).toEqual([]);
  });

  it("continues through a Jump to a fixed group, and does not report a loop of silent blocks", () => {
    const jump = flow({
      groups: [
        group("g1", [ask("b1", "v1"), { id: "b-jump", type: "Jump", options: { groupId: "g2" } }]),
        group("g2", [say("b2", "Back here")]),
      ],
      variables,
    });
    const loop = flow({
      groups: [
        group("g1", [ask("b1", "v1", "e-loop")]),
        group("g2", [setVariable("b2", "v1", { outgoingEdgeId: "e-again" })]),
      ],
      edges: [edge("e-loop", "g2"), edge("e-again", "g2")],
      variables,
    });
    expect(checkSilentEndings(jump)).toEqual([]);
    expect(checkSilentEndings(loop)).toEqual([]);
  });

  it("accepts an answer that sends the visitor elsewhere or into another bot", () => {
    const doc = flow({
      groups: [
        group("g1", [
          choice("b-choice", [
            { id: "i-site", content: "Website", outgoingEdgeId: "e-site" },
            { id: "i-bot", content: "Sales", outgoingEdgeId: "e-bot" },
          ]),
        ]),
        group("g2", [{ id: "b-go", type: "Redirect", options: { url: "https://example.com" } }]),
        group("g3", [{ id: "b-link", type: "Bot link", options: { botId: "bot-sales" } }]),
      ],
      edges: [edge("e-site", "g2"), edge("e-bot", "g3")],
    });
    expect(checkSilentEndings(doc)).toEqual([]);
  });

  it("names the card button that leads nowhere", () => {
    const cards = {
      id: "b-cards",
      type: "cards",
      items: [
        {
          id: "card",
          title: "Plan",
          paths: [
            { id: "p-buy", text: "Buy", outgoingEdgeId: "e-buy" },
            { id: "p-info", text: "More info" },
          ],
        },
      ],
    };
    const doc = flow({
      groups: [group("g1", [cards]), group("g2", [say("b2", "Thanks")])],
      edges: [edge("e-buy", "g2")],
    });
    expect(checkSilentEndings(doc)).toEqual([
      {
        severity: "warning",
        groupId: "g1",
        blockId: "b-cards",
        message:
          'Nothing follows button "More info": after the visitor clicks "More info", the chat ends without a reply',
      },
    ]);
  });
});
