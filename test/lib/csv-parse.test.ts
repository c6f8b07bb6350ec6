import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv } from "../../src/lib/csv-parse.js";

describe("parseCsv", () => {
  it("reads quoted cells with commas, doubled quotes and line breaks, numbering rows as a spreadsheet does", () => {
    const text = '\ufeffkey,"a, b"\r\n"x","say ""hi""\nthere"\n\nlast,\r\n';
    expect(parseCsv(text)).toEqual([
      { row: 1, cells: ["key", "a, b"] },
      { row: 2, cells: ["x", 'say "hi"\nthere'] },
      { row: 5, cells: ["last", ""] },
    ]);
  });

  it("names the row of a quote never closed or text after a closing quote", () => {
    expect(() => parseCsv('a,b\n"open,c\n')).toThrow(new CsvSyntaxError(2, "Row 2: a quoted cell is never closed"));
    expect(() => parseCsv('a\n"b"c\n')).toThrow("Row 2: text after a closing quote");
  });
});
