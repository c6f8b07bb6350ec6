import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { credentialsKit } from "../../src/integrations/credentials/credentials-kit.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { CLIENT, type FakeSpreadsheet, fakeGoogle, REFRESH_TOKEN } from "../helpers/google-fakes.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

type Json = Record<string, any>;

let google: Awaited<ReturnType<typeof fakeGoogle>>;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
let account: string;
const spreadsheets: Record<string, FakeSpreadsheet> = {};

const people = () => [
  ["Name", "Email", "Age", "City"],
  ["Ann", "ann@example.com", "31", "Paris"],
  ["Bob", "bob@example.com", "25", "Lyon"],
  ["Cid", "", "40", "paris "],
];

beforeAll(async () => {
  google = await fakeGoogle(spreadsheets);
  parley = await startIntegrationServer({
    PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1",
    GOOGLE_CLIENT_ID: CLIENT.id,
    GOOGLE_CLIENT_SECRET: CLIENT.secret,
    PARLEY_GOOGLE_TOKEN_URL: `${google.url}/token`,
    PARLEY_GOOGLE_SHEETS_API_URL: google.url,
  });
  account = await parley.createCredentials("google sheets", "ann@example.com", {
    access_token: "at-valid",
    expiry_date: Date.now() + 3_600_000,
  });
});
afterAll(async () => {
  await parley.close();
  await google.close();
});
beforeEach(() => {
  spreadsheets["sheet-1"] = {
    title: "Leads",
    sheets: [
      { sheetId: 0, title: "Sheet1", rows: people() },
      { sheetId: 7, title: "Bob's list", rows: people() },
    ],
  };
});

const variables = [
  { id: "v-city", name: "City" },
  { id: "v-name", name: "Name" },
  { id: "v-email", name: "Email" },
  { id: "v-age", name: "Age" },
];

/** City question → the Sheets block → "{{Name}} / {{Email}}" → "Done". */
function sheetsBot(options: Json) {
  return buildBot({
    variables,
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-city" } },
          {
            id: "sheet",
            type: "Google Sheets",
            options: { credentialsId: account, spreadsheetId: "sheet-1", sheetId: "0", ...options },
          },
          say("reply", "{{Name}} / {{Email}}"),
          say("done", "Done"),
        ],
      },
    ],
  });
}

async function run(options: Json, city = "Paris") {
  const publicId = await parley.publish(sheetsBot(options));
  const started = await parley.start(publicId);
  const reply = await parley.send(started.body.sessionId, city);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  // Rows and e-mails go out once the turn is saved; their logs follow.
  await parley.outboxSettled();
  const logs = await parley.storedLogs(started.body.resultId);
  return {
    texts: bubbleTexts(reply.body),
    vars: await parley.resultVariables(started.body.resultId),
    logs: logs.map((log) => [log.status, log.description]),
    details: logs.map((log) => (typeof log.details === "string" ? JSON.parse(log.details) : log.details)),
  };
}

const getOptions = (filter: Json, totalRowsToExtract = "All") => ({
  action: "Get data from sheet",
  filter,
  totalRowsToExtract,
  cellsToExtract: [
    { id: "c1", column: "Name", variableId: "v-name" },
    { id: "c2", column: "Email", variableId: "v-email" },
  ],
});
const where = (column: string, comparisonOperator: string, value?: string, id = "f1") => ({
  id,
  column,
  comparisonOperator,
  ...(value !== undefined ? { value } : {}),
});

describe("Get data from sheet", () => {
  it("saves one value per variable when one row matches the filter (value templated)", async () => {
    const { texts, vars } = await run(getOptions({ comparisons: [where("City", "Equal to", "{{City}}")] }));
    expect(texts).toEqual(["Ann / ann@example.com", "Done"]);
    expect(vars).toMatchObject({ Name: "Ann", Email: "ann@example.com" });
  });

  it.each([
    ["Equal to", "City", "Paris", ["Ann"]],
    ["Not equal", "City", "Paris", ["Bob", "Cid"]],
    ["Contains", "City", "PAR", ["Ann", "Cid"]],
    ["Does not contain", "City", "par", ["Bob"]],
    ["Starts with", "Email", "BOB", ["Bob"]],
    ["Ends with", "City", "is", ["Ann", "Cid"]],
    ["Greater than", "Age", "30", ["Ann", "Cid"]],
    ["Greater or equal to", "Age", "31", ["Ann", "Cid"]],
    ["Less than", "Age", "31", ["Bob"]],
    ["Less or equal to", "Age", "31", ["Ann", "Bob"]],
    ["Is set", "Email", undefined, ["Ann", "Bob"]],
    ["Is empty", "Email", undefined, ["Cid"]],
    ["Matches regex", "Name", "^[AB]", ["Ann", "Bob"]],
    ["Does not match regex", "Name", "^[AB]", ["Cid"]],
  ])("%s on %s %s keeps %j", async (operator, column, value, names) => {
    const { vars } = await run(getOptions({ comparisons: [where(column, operator, value)] }));
    expect(vars.Name).toEqual(names.length === 1 ? names[0] : names);
  });

  it("AND (the default) keeps the rows every comparison holds for; OR any", async () => {
    const comparisons = [where("City", "Contains", "paris"), where("Age", "Greater than", "35", "f2")];
    expect((await run(getOptions({ comparisons }))).vars.Name).toBe("Cid");
    expect((await run(getOptions({ comparisons, logicalOperator: "AND" }))).vars.Name).toBe("Cid");
    expect((await run(getOptions({ comparisons, logicalOperator: "OR" }))).vars.Name).toEqual(["Ann", "Cid"]);
  });

  it("All, First, Last and Random pick among the matching rows; no filter matches every row", async () => {
    const paris = { comparisons: [where("City", "Contains", "paris")] };
    expect((await run(getOptions(paris, "All"))).vars).toMatchObject({
      Name: ["Ann", "Cid"],
      Email: ["ann@example.com", ""],
    });
    expect((await run(getOptions(paris, "First"))).vars.Name).toBe("Ann");
    expect((await run(getOptions(paris, "Last"))).vars.Name).toBe("Cid");
    expect(["Ann", "Cid"]).toContain((await run(getOptions(paris, "Random"))).vars.Name);
    expect((await run(getOptions({}))).vars.Name).toEqual(["Ann", "Bob", "Cid"]);
  });

  it("no matching row: an info log, the variables untouched, the flow goes on", async () => {
    const { texts, vars, logs } = await run(getOptions({ comparisons: [where("City", "Equal to", "Rome")] }));
    expect(texts).toEqual([" / ", "Done"]);
    expect(vars.Name).toBeUndefined();
    expect(logs).toEqual([["info", "Couldn't find any rows matching the filter"]]);
  });
});

describe("Insert a row and update matching rows", () => {
  it("inserts a row under the header's columns (values as a user types them), logging the document and sheet", async () => {
    const before = google.received.length;
    const { texts, logs } = await run(
      {
        action: "Insert a row",
        cellsToInsert: [
          { id: "c1", column: "City", value: "{{City}}" },
          { id: "c2", column: "Name", value: "Dan" },
          { id: "c3", column: "Email", value: "" },
        ],
      },
      "Nice",
    );
    expect(texts).toEqual([" / ", "Done"]);
    expect(spreadsheets["sheet-1"].sheets[0].rows.at(-1)).toEqual(["Dan", "", "", "Nice"]);
    const [append] = google.calls("/v4/spreadsheets/sheet-1/values/", before).filter((call) => call.method === "POST");
    expect(append.path).toContain("valueInputOption=USER_ENTERED");
    expect(append.headers.authorization).toBe("Bearer at-valid");
    expect(logs).toEqual([["success", "Successfully inserted row in Leads > Sheet1"]]);
  });

  it("refuses a cell whose column is not in the header: nothing is inserted", async () => {
    const { logs } = await run({ action: "Insert a row", cellsToInsert: [{ id: "c1", column: "Phone", value: "1" }] });
    expect(spreadsheets["sheet-1"].sheets[0].rows).toHaveLength(4);
    expect(logs).toEqual([["error", 'No column named "Phone" in the sheet\'s header row']]);
  });

  it("updates every matching row of the chosen sheet with one batchUpdate (a quoted sheet title)", async () => {
    const before = google.received.length;
    const { logs } = await run({
      action: "Update a row",
      sheetId: "7",
      filter: { comparisons: [where("City", "Contains", "{{City}}")] },
      cellsToUpsert: [{ id: "u1", column: "Age", value: "50" }],
    });
    expect(spreadsheets["sheet-1"].sheets[1].rows.map((row) => row[2])).toEqual(["Age", "50", "25", "50"]);
    expect(spreadsheets["sheet-1"].sheets[0].rows).toEqual(people());
    const [update] = google.calls("/v4/spreadsheets/sheet-1/values:batchUpdate", before);
    expect(update.json?.data).toEqual([
      { range: "'Bob''s list'!C2", values: [["50"]] },
      { range: "'Bob''s list'!C4", values: [["50"]] },
    ]);
    expect(logs).toEqual([["success", "Successfully updated matching rows"]]);
  });

  it("an update without a filter changes nothing", async () => {
    const { logs } = await run({ action: "Update a row", cellsToUpsert: [{ id: "u1", column: "Age", value: "1" }] });
    expect(spreadsheets["sheet-1"].sheets[0].rows).toEqual(people());
    expect(logs).toEqual([["error", "Update a row needs a filter: which rows to update"]]);
  });
});

describe("Failures and the Google token", () => {
  it("an unknown spreadsheet or missing ids are logged and the flow goes on", async () => {
    const unknown = await run({ ...getOptions({}), spreadsheetId: "nope" });
    expect(unknown.texts).toEqual([" / ", "Done"]);
    expect(unknown.logs).toEqual([["error", "Could not read the sheet"]]);
    expect(unknown.details[0]).toMatchObject({ error: "Requested entity was not found.", status: 404 });
    const missing = await run({ ...getOptions({}), spreadsheetId: "" });
    expect(missing.logs).toEqual([["error", "Missing credentialsId or spreadsheetId"]]);
  });

  it("a revoked token is logged with Google's message", async () => {
    const revoked = await parley.createCredentials("google sheets", "revoked", { access_token: "at-revoked" });
    const { logs, details } = await run({ ...getOptions({}), credentialsId: revoked });
    expect(logs).toEqual([["error", "Could not read the sheet"]]);
    expect(details[0]).toMatchObject({ error: "Request had invalid authentication credentials.", status: 401 });
  });

  it("an expired token is refreshed at the token endpoint, used, and the new token saved", async () => {
    const expired = await parley.createCredentials("google sheets", "expired", {
      access_token: "at-old",
      refresh_token: REFRESH_TOKEN,
      expiry_date: Date.now() - 1000,
    });
    const before = google.received.length;
    const { vars } = await run({
      ...getOptions({ comparisons: [where("Name", "Equal to", "Bob")] }),
      credentialsId: expired,
    });
    expect(vars.Name).toBe("Bob");
    const [refresh] = google.calls("/token", before);
    expect(Object.fromEntries(new URLSearchParams(refresh.body))).toEqual({
      grant_type: "refresh_token",
      refresh_token: REFRESH_TOKEN,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    });
    const { vault } = credentialsKit(parley.server.ctx.config, parley.server.ctx.store);
    const saved = await vault.resolve("google sheets", expired, {
      workspaceId: parley.user.workspaceId,
      botId: "",
      mode: "preview",
    });
    expect(saved).toMatchObject({ access_token: "at-fresh", refresh_token: REFRESH_TOKEN });
    expect(saved!.expiry_date).toBeGreaterThan(Date.now());
    // The saved token is used from then on: no second refresh.
    const again = google.received.length;
    expect((await run({ ...getOptions({}), credentialsId: expired })).vars.Name).toEqual(["Ann", "Bob", "Cid"]);
    expect(google.calls("/token", again)).toHaveLength(0);
  });
});
