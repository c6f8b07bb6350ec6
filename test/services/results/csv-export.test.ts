import { describe, expect, it } from "vitest";
import {
  createCsvRowWriter,
  csvCell,
  exportFileName,
  neutraliseFormula,
} from "../../../src/services/results/csv-export.js";
import { resultColumns } from "../../../src/services/results/csv-columns.js";

describe("CSV cells", () => {
  it("prefixes cells a spreadsheet would run as a formula with a quote", () => {
    for (const value of ["=1+1", "+33 6", "-2", "@SUM(A1)", "\tx", "\rx"])
      expect(neutraliseFormula(value)).toBe(`'${value}`);
    for (const value of ["", "hello", " =1", "1-2", "a@b.c", "a,b"]) expect(neutraliseFormula(value)).toBe(value);
  });

  it("neutralises a formula after any separator a spreadsheet may split the cell on", () => {
    expect(neutraliseFormula("x;=1+1")).toBe("x;'=1+1");
    expect(neutraliseFormula("x,+1")).toBe("x,'+1");
    expect(neutraliseFormula("x|@SUM(A1)")).toBe("x|'@SUM(A1)");
    expect(neutraliseFormula("x\t-2")).toBe("x\t'-2");
    expect(neutraliseFormula("=a;=b")).toBe("'=a;'=b");
    expect(csvCell("x;=1+1")).toBe(`"x;'=1+1"`);
  });

  it("quotes every cell, doubling quotes", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell("")).toBe('""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});

describe("CSV rows", () => {
  it("fills input columns from answers (latest wins), variable columns from variables, dates in the zone", () => {
    const columns = resultColumns({
      groups: [
        {
          id: "g",
          title: "G",
          graphCoordinates: { x: 0, y: 0 },
          blocks: [{ id: "b-name", type: "text input", options: { variableId: "v-name" } }],
        },
      ] as never,
      variables: [
        { id: "v-name", name: "Name" },
        { id: "v-list", name: "List" },
      ],
    });
    const writer = createCsvRowWriter(columns, "Europe/Paris");
    expect(writer.header).toBe('"Submitted at","Status","Name","List"\r\n');
    const row = {
      result: {
        id: "r",
        createdAt: "2025-07-01T10:00:00.000Z",
        variables: JSON.stringify([
          { id: "v-name", name: "Name", value: "ignored" },
          { id: "v-list", name: "List", value: ["a", null, "b"] },
        ]),
      },
      answers: [
        { resultId: "r", blockId: "b-name", content: "First", attachedFileUrls: null },
        { resultId: "r", blockId: "b-name", content: "Second", attachedFileUrls: null },
      ],
    };
    expect(writer.rows([row as never])).toBe('"2025-07-01 12:00:00","Not completed","Second","a, b"\r\n');
    const completed = { ...row, result: { ...row.result, isCompleted: 1 } };
    expect(writer.rows([completed as never])).toBe('"2025-07-01 12:00:00","Completed","Second","a, b"\r\n');
  });
});

describe("exportFileName", () => {
  it("keeps a safe ASCII form of the bot name", () => {
    expect(exportFileName("Café Survey!")).toBe("Cafe-Survey-results.csv");
    expect(exportFileName('a"b/c\\d')).toBe("a-b-c-d-results.csv");
    expect(exportFileName("日本")).toBe("bot-results.csv");
  });
});
