import type { GoogleFailure, GoogleSheetsPort, IntegrationScope, SheetTarget } from "../../engine/ports.js";
import type { GoogleAuth } from "./google-auth.js";
import { callGoogle } from "./google-call.js";

type SheetProperties = { sheetId?: number; title?: string };
type SpreadsheetMetadata = { properties?: { title?: string }; sheets?: { properties?: SheetProperties }[] };

/** Sheets API v4 over plain HTTP: spreadsheet metadata, `values` reads, append and `values:batchUpdate`. */
export function createGoogleSheetsPort(options: {
  auth: GoogleAuth;
  fetch: typeof fetch;
  apiUrl: string;
}): GoogleSheetsPort {
  const spreadsheetUrl = (id: string) => `${options.apiUrl}/v4/spreadsheets/${encodeURIComponent(id)}`;

  /** Runs `call` with the credential's access token. */
  async function withToken<T>(
    target: SheetTarget,
    scope: IntegrationScope,
    call: (accessToken: string) => Promise<T | GoogleFailure>,
  ): Promise<T | GoogleFailure> {
    const access = await options.auth.accessToken("google sheets", target.credentialsId, scope);
    return access.ok ? call(access.accessToken) : access;
  }

  return {
    read: (target, scope) =>
      withToken(target, scope, async (accessToken) => {
        const metadata = await callGoogle(options.fetch, {
          url: `${spreadsheetUrl(target.spreadsheetId)}?fields=properties.title,sheets.properties`,
          method: "GET",
          accessToken,
        });
        if (!metadata.ok) return metadata;
        const spreadsheet = metadata.data as SpreadsheetMetadata;
        const sheets = (spreadsheet.sheets ?? []).map((sheet) => sheet.properties ?? {});
        // No sheet id: the first sheet, as a spreadsheet opens.
        const sheet =
          target.sheetId === undefined ? sheets[0] : sheets.find((entry) => String(entry.sheetId) === target.sheetId);
        if (!sheet?.title) return { ok: false as const, error: `No sheet with id ${target.sheetId ?? "(first)"}` };
        const values = await callGoogle(options.fetch, {
          url: `${spreadsheetUrl(target.spreadsheetId)}/values/${encodeURIComponent(quotedSheet(sheet.title))}`,
          method: "GET",
          accessToken,
        });
        if (!values.ok) return values;
        const rows = ((values.data as { values?: unknown[][] }).values ?? []).map((row) =>
          row.map((cell) => (cell === null || cell === undefined ? "" : String(cell))),
        );
        return {
          ok: true as const,
          spreadsheetTitle: spreadsheet.properties?.title ?? "",
          sheetTitle: sheet.title,
          rows,
        };
      }),

    appendRow: (target, values, scope) =>
      withToken(target, scope, async (accessToken) => {
        const range = encodeURIComponent(`${quotedSheet(target.sheetTitle)}!A1`);
        const answer = await callGoogle(options.fetch, {
          url: `${spreadsheetUrl(target.spreadsheetId)}/values/${range}:append?valueInputOption=USER_ENTERED&insertDataOption=OVERWRITE`,
          method: "POST",
          accessToken,
          json: { majorDimension: "ROWS", values: [values] },
        });
        return answer.ok ? { ok: true as const } : answer;
      }),

    updateCells: (target, cells, scope) =>
      withToken(target, scope, async (accessToken) => {
        const answer = await callGoogle(options.fetch, {
          url: `${spreadsheetUrl(target.spreadsheetId)}/values:batchUpdate`,
          method: "POST",
          accessToken,
          json: {
            valueInputOption: "USER_ENTERED",
            data: cells.map((cell) => ({
              range: `${quotedSheet(target.sheetTitle)}!${columnLetters(cell.column)}${cell.row + 1}`,
              values: [[cell.value]],
            })),
          },
        });
        if (!answer.ok) return answer;
        const updated = (answer.data as { totalUpdatedCells?: unknown }).totalUpdatedCells;
        return { ok: true as const, updatedCells: typeof updated === "number" ? updated : cells.length };
      }),
  };
}

/** A sheet title as A1 notation wants it: quoted, inner quotes doubled. */
const quotedSheet = (title: string) => `'${title.replace(/'/g, "''")}'`;

/** 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}
