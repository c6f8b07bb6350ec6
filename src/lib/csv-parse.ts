/** A CSV text that cannot be read, with the 1-based row where reading stopped. */
export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads RFC 4180 CSV: comma-separated cells, quoted cells may hold commas, line breaks and doubled
 * quotes; rows end with CRLF or LF; a byte-order mark at the start is skipped. Blank lines are
 * kept out. Each row comes with its 1-based number as a spreadsheet shows it.
 */
export function parseCsv(text: string): { row: number; cells: string[] }[] {
  const rows: { row: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let afterQuote = false;
  let row = 1;
  let rowStart = 1;
  const endCell = () => {
    cells.push(cell);
    cell = "";
    afterQuote = false;
  };
  const endRow = () => {
    endCell();
    if (cells.length > 1 || cells[0] !== "") rows.push({ row: rowStart, cells });
    cells = [];
    rowStart = row;
  };
  for (let index = text.charCodeAt(0) === 0xfeff ? 1 : 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') {
        quoted = false;
        afterQuote = true;
      } else {
        if (char === "\n") row++;
        cell += char;
      }
      continue;
    }
    if (char === ",") endCell();
    else if (char === "\n" || (char === "\r" && text[index + 1] === "\n")) {
      if (char === "\r") index++;
      row++;
      endRow();
    } else if (char === '"' && cell === "" && !afterQuote) quoted = true;
    else if (afterQuote) throw new CsvSyntaxError(rowStart, `Row ${rowStart}: text after a closing quote`);
    else cell += char;
  }
  if (quoted) throw new CsvSyntaxError(rowStart, `Row ${rowStart}: a quoted cell is never closed`);
  endRow();
  return rows;
}
