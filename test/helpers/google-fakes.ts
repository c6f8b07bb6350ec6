import http from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, any>;
export type GoogleRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json?: Json;
};

/** Access tokens the fake Google accepts. */
export const VALID_TOKENS = ["at-valid", "at-fresh", "at-consented"];
export const CLIENT = { id: "client-123.apps.googleusercontent.com", secret: "client-secret" };
export const CONSENT_CODE = "good-code";
export const REFRESH_TOKEN = "rt-1";
/** An ID token as Google's token endpoint gives it; only its payload (the e-mail) is read. */
export const idTokenFor = (email: string) =>
  ["e30", Buffer.from(JSON.stringify({ email })).toString("base64url"), "signature"].join(".");

/** Sheets of one spreadsheet by title, header row first, as the fake keeps them (appends and updates land here). */
export type FakeSpreadsheet = { title: string; sheets: { sheetId: number; title: string; rows: string[][] }[] };

/**
 * Google over real HTTP on 127.0.0.1: the OAuth token endpoint (code exchange and refresh), Sheets API
 * v4 (metadata, values get/append, values:batchUpdate) and Gmail (send, labels, modify).
 */
export async function fakeGoogle(spreadsheets: Record<string, FakeSpreadsheet>) {
  const received: GoogleRequest[] = [];
  let url = "";
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: Json | undefined;
      try {
        json = JSON.parse(body) as Json;
      } catch {
        json = undefined;
      }
      const entry = { method: request.method ?? "GET", path: request.url ?? "/", headers: request.headers, body, json };
      received.push(entry);
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(value));
      };
      if (entry.path === "/token") return token(new URLSearchParams(body), send);
      if (entry.path.startsWith("/o/oauth2/v2/auth")) {
        // The consent page, agreed to at once: back to the redirect URI with a code and the state.
        const query = new URL(entry.path, url).searchParams;
        const back = new URL(query.get("redirect_uri")!);
        back.search = new URLSearchParams({ code: CONSENT_CODE, state: query.get("state")! }).toString();
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }
      const bearer = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!VALID_TOKENS.includes(bearer))
        return send(401, { error: { code: 401, message: "Request had invalid authentication credentials." } });
      if (entry.path.startsWith("/v4/spreadsheets/")) return sheetsApi(entry, spreadsheets, send);
      if (entry.path.startsWith("/gmail/v1/users/me/")) return gmailApi(entry, send);
      send(404, { error: { message: "Not found" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    calls: (prefix: string, from = 0) => received.slice(from).filter((entry) => entry.path.startsWith(prefix)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function token(form: URLSearchParams, send: (status: number, value: unknown) => void) {
  if (form.get("client_id") !== CLIENT.id || form.get("client_secret") !== CLIENT.secret)
    return send(401, { error: "invalid_client", error_description: "The OAuth client was not found." });
  if (form.get("grant_type") === "authorization_code" && form.get("code") === CONSENT_CODE)
    return send(200, {
      access_token: "at-consented",
      refresh_token: REFRESH_TOKEN,
      expires_in: 3599,
      token_type: "Bearer",
      scope: "openid email",
      id_token: idTokenFor("ann@example.com"),
    });
  if (form.get("grant_type") === "refresh_token" && form.get("refresh_token") === REFRESH_TOKEN)
    return send(200, { access_token: "at-fresh", expires_in: 3599, token_type: "Bearer" });
  send(400, { error: "invalid_grant", error_description: "Bad Request" });
}

/** `'Sheet'!B3` or `'Sheet'` → the sheet title, 0-based row and column of the cell (if any). */
function parseRange(range: string) {
  const match = /^'((?:[^']|'')*)'(?:!([A-Z]+)(\d+))?$/.exec(range);
  if (!match) throw new Error(`Unexpected range ${range}`);
  const column = match[2] ? [...match[2]].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1 : 0;
  return { title: match[1].replace(/''/g, "'"), row: match[3] ? Number(match[3]) - 1 : 0, column };
}

function sheetsApi(
  entry: GoogleRequest,
  spreadsheets: Record<string, FakeSpreadsheet>,
  send: (status: number, value: unknown) => void,
) {
  const url = new URL(entry.path, "http://fake");
  const [, , , id, kind, rest] = url.pathname.split("/").map(decodeURIComponent);
  const spreadsheet = spreadsheets[id];
  if (!spreadsheet) return send(404, { error: { code: 404, message: "Requested entity was not found." } });
  const sheetNamed = (title: string) => spreadsheet.sheets.find((sheet) => sheet.title === title);
  if (!kind)
    return send(200, {
      properties: { title: spreadsheet.title },
      sheets: spreadsheet.sheets.map(({ sheetId, title }) => ({ properties: { sheetId, title } })),
    });
  if (entry.method === "GET" && kind === "values")
    return send(200, { values: sheetNamed(parseRange(rest).title)?.rows });
  if (entry.method === "POST" && kind === "values" && rest.endsWith(":append")) {
    const sheet = sheetNamed(parseRange(rest.replace(/:append$/, "")).title)!;
    sheet.rows.push(...((entry.json?.values ?? []) as string[][]));
    return send(200, { updates: { updatedRows: 1 } });
  }
  if (entry.method === "POST" && kind === "values:batchUpdate") {
    for (const { range, values } of (entry.json?.data ?? []) as { range: string; values: string[][] }[]) {
      const cell = parseRange(range);
      const row = sheetNamed(cell.title)!.rows[cell.row];
      row[cell.column] = values[0][0];
    }
    return send(200, { totalUpdatedCells: ((entry.json?.data ?? []) as unknown[]).length });
  }
  send(400, { error: { message: `Unexpected call ${entry.method} ${entry.path}` } });
}

function gmailApi(entry: GoogleRequest, send: (status: number, value: unknown) => void) {
  const path = entry.path.replace("/gmail/v1/users/me/", "");
  if (path === "messages/send")
    return send(200, { id: "msg-1", threadId: entry.json?.threadId ?? "thread-new", labelIds: ["SENT"] });
  if (path === "labels" && entry.method === "GET")
    return send(200, {
      labels: [
        { id: "SENT", name: "SENT", type: "system" },
        { id: "Label_1", name: "Leads", type: "user" },
      ],
    });
  if (path === "labels" && entry.method === "POST") return send(200, { id: "Label_2", name: entry.json?.name });
  if (/^messages\/[^/]+\/modify$/.test(path)) return send(200, { id: "msg-1" });
  send(404, { error: { message: "Not found" } });
}

/** A raw MIME message's parts: headers of the message, its text and its attachments (decoded). */
export function parseRawMessage(raw: string) {
  const text = Buffer.from(raw, "base64url").toString("utf8");
  const [head, ...bodyLines] = text.split("\r\n\r\n");
  const headers = headerMap(head);
  const boundary = /boundary="([^"]+)"/.exec(headers["content-type"] ?? "")?.[1];
  const decode = (part: string) => {
    const [partHead, ...partBody] = part.split("\r\n\r\n");
    return {
      headers: headerMap(partHead),
      content: Buffer.from(partBody.join("\r\n\r\n").replace(/\r\n/g, ""), "base64"),
    };
  };
  if (!boundary) return { headers, text: decode(text).content.toString("utf8"), attachments: [] };
  const parts = bodyLines
    .join("\r\n\r\n")
    .split(`--${boundary}`)
    .map((part) => part.replace(/^\r\n/, "").replace(/\r\n$/, ""))
    .filter((part) => part && part !== "--")
    .map(decode);
  return {
    headers,
    text: parts[0].content.toString("utf8"),
    attachments: parts.slice(1).map((part) => ({
      disposition: part.headers["content-disposition"],
      contentType: part.headers["content-type"],
      content: part.content.toString("utf8"),
    })),
  };
}

function headerMap(head: string): Record<string, string> {
  return Object.fromEntries(
    head.split("\r\n").map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
}
