import { describe, expect, it } from "vitest";
import { orderColumns, resultColumns } from "../../../src/services/results/csv-columns.js";

const group = (id: string, title: string, blocks: object[]) => ({
  id,
  title,
  graphCoordinates: { x: 0, y: 0 },
  blocks,
});

const document = {
  groups: [
    group("g1", "Contact", [
      { id: "b-name", type: "text input", options: { variableId: "v-name" } },
      { id: "b-text", type: "text", content: {} },
      { id: "b-note", type: "text input" },
      { id: "b-note-2", type: "number input" },
    ]),
    group("g2", "Contact", [{ id: "b-other", type: "url input" }]),
    group("g3", "Again", [{ id: "b-name-again", type: "text input", options: { variableId: "v-name" } }]),
  ] as never,
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-utm", name: "utm" },
    { id: "v-utm-2", name: "utm" },
    { id: "v-session", name: "Token", isSessionVariable: true },
  ],
};

describe("resultColumns", () => {
  it("names inputs after their variable or group, numbers clashes, merges shared variables, skips session variables", () => {
    expect(resultColumns(document)).toEqual([
      { id: "date", label: "Submitted at", blockIds: [], variableIds: [] },
      { id: "status", label: "Status", blockIds: [], variableIds: [] },
      { id: "b-name", label: "Name", blockIds: ["b-name", "b-name-again"], variableIds: ["v-name"] },
      { id: "b-note", label: "Contact", blockIds: ["b-note"], variableIds: [] },
      { id: "b-note-2", label: "Contact (1)", blockIds: ["b-note-2"], variableIds: [] },
      { id: "b-other", label: "Contact (2)", blockIds: ["b-other"], variableIds: [] },
      { id: "v-utm", label: "utm", blockIds: [], variableIds: ["v-utm", "v-utm-2"] },
    ]);
  });
});

describe("orderColumns", () => {
  it("puts the owner's order first, keeps the rest in natural order and drops hidden columns", () => {
    const ordered = orderColumns(resultColumns(document), {
      columnsOrder: ["select", "v-utm", "unknown", "date", "logs"],
      columnsVisibility: { "b-note": false, status: false },
    });
    expect(ordered.map((column) => column.label)).toEqual([
      "utm",
      "Submitted at",
      "Name",
      "Contact (1)",
      "Contact (2)",
    ]);
    expect(orderColumns(resultColumns(document), null).map((column) => column.id)).toEqual([
      "date",
      "status",
      "b-name",
      "b-note",
      "b-note-2",
      "b-other",
      "v-utm",
    ]);
  });
});
