import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOCODB_TABLE, NOCODB_TOKEN } from "../helpers/nocodb-fakes.js";
import { startPluginServices } from "./plugin-services-harness.js";

type Json = Record<string, any>;

let services: Awaited<ReturnType<typeof startPluginServices>>;
beforeAll(async () => {
  services = await startPluginServices();
});
afterAll(async () => {
  await services?.close();
});
const run: Awaited<ReturnType<typeof startPluginServices>>["run"] = (...args) => services.run(...args);

describe("NocoDB", () => {
  const search = (extra: Json) => ({
    credentialsId: services.credentials.nocodb,
    action: "Search Records",
    tableId: NOCODB_TABLE,
    responseMapping: [
      { fieldName: "Name", variableId: "v-name" },
      { fieldName: "Age", variableId: "v-age" },
    ],
    ...extra,
  });

  it("searches with the filter rows as NocoDB's where, and maps every match into list variables", async () => {
    const from = services.nocodb.received.length;
    const { texts, vars, reply } = await run(
      "nocodb",
      search({
        filter: {
          comparisons: [
            { input: "City", operator: "Equal to", value: "{{City}}" },
            { input: "Age", operator: "Greater than", value: "30" },
          ],
          joiner: "AND",
        },
      }),
      "Found",
    );
    const [call] = services.nocodb.since(from);
    expect(call.method).toBe("GET");
    expect(call.path).toBe(`/api/v2/tables/${NOCODB_TABLE}/records`);
    expect(call.headers["xc-token"]).toBe(NOCODB_TOKEN);
    expect(call.query.get("where")).toBe("(City,eq,Paris)~and(Age,gt,30)");
    expect(call.query.get("limit")).toBe("1000");
    expect(vars).toMatchObject({ Name: ["Ann", "Cid"], Age: ["31", "40"] });
    expect(texts).toEqual(["Found"]);
    expect(reply.logs ?? []).toEqual([]);
  });

  it.each([
    ["Not equal", "Lyon", "(City,neq,Lyon)", ["Ann", "Cid"]],
    ["Contains", "ar", "(City,like,%ar%)", ["Ann", "Cid"]],
    ["Starts with", "Ly", "(City,like,Ly%)", "Bob"],
    ["Ends with", "is", "(City,like,%is)", ["Ann", "Cid"]],
    ["Less than", "30", "(Age,lt,30)", "Bob"],
    ["Is set", undefined, "(Email,isnot,null)", ["Ann", "Cid"]],
    ["Is empty", undefined, "(Email,is,null)", "Bob"],
  ])("writes %s as NocoDB's operator", async (operator, value, where, names) => {
    const input = where.slice(1).split(",")[0];
    const from = services.nocodb.received.length;
    const { vars } = await run("nocodb", search({ filter: { comparisons: [{ input, operator, value }] } }));
    expect(services.nocodb.since(from)[0].query.get("where")).toBe(where);
    expect(vars.Name).toEqual(names);
  });

  it("joins OR filters with ~or and keeps one record for First, Last and Random", async () => {
    const filter = {
      comparisons: [
        { input: "Name", operator: "Equal to", value: "Bob" },
        { input: "Name", operator: "Equal to", value: "Cid" },
      ],
      joiner: "OR",
    };
    const from = services.nocodb.received.length;
    expect((await run("nocodb", search({ filter, returnType: "First" }))).vars.Name).toBe("Bob");
    expect(services.nocodb.since(from)[0].query.get("where")).toBe("(Name,eq,Bob)~or(Name,eq,Cid)");
    expect((await run("nocodb", search({ filter, returnType: "Last" }))).vars.Name).toBe("Cid");
    expect(["Bob", "Cid"]).toContain((await run("nocodb", search({ filter, returnType: "Random" }))).vars.Name);
  });

  it("logs an info when nothing matches and an error for a field the table does not have", async () => {
    const none = await run(
      "nocodb",
      search({ filter: { comparisons: [{ input: "City", operator: "Equal to", value: "Rome" }] } }),
    );
    expect(none.reply.logs).toEqual([
      { status: "info", description: "Couldn't find any rows matching the filter", details: "(City,eq,Rome)" },
    ]);
    expect(none.vars.Name).toBeUndefined();
    const unknown = await run("nocodb", search({ responseMapping: [{ fieldName: "Phone", variableId: "v-name" }] }));
    expect(unknown.reply.logs).toEqual([{ status: "error", description: "Field Phone does not exist in the table" }]);
  });

  it("logs NocoDB's answer with context when the token is wrong, and the flow goes on", async () => {
    const { reply, texts, storedLogs } = await run(
      "nocodb",
      search({ credentialsId: services.credentials.nocodbWrong }),
    );
    expect(reply.logs).toEqual([
      {
        status: "error",
        description: "Request failed with status code 401",
        details: '{"msg":"Invalid token"}',
        context: "While searching NocoDB records",
      },
    ]);
    expect(texts).toEqual(["Name: "]);
    expect(storedLogs).toEqual([
      { status: "error", description: "Request failed with status code 401", details: '{"msg":"Invalid token"}' },
    ]);
  });

  it("never calls an address the guard refuses (a credential pointing at the metadata service)", async () => {
    const inside = await services.parley.createCredentials("nocodb", "Inside", {
      apiKey: NOCODB_TOKEN,
      baseUrl: "http://169.254.169.254",
    });
    const { reply, texts } = await run("nocodb", search({ credentialsId: inside }), "Done");
    expect(texts).toEqual(["Done"]);
    expect(reply.logs).toEqual([
      expect.objectContaining({ status: "error", context: "While searching NocoDB records" }),
    ]);
    expect(reply.logs[0].description).toMatch(/169\.254\.169\.254/);
  });

  it("creates a record with its fields and links the link column's record ids", async () => {
    const from = services.nocodb.received.length;
    const { reply } = await run("nocodb", {
      credentialsId: services.credentials.nocodb,
      action: "Create Record",
      tableId: NOCODB_TABLE,
      fields: [
        { key: "Name", value: "Dee" },
        { key: "City", value: "{{City}}" },
        { key: "Friends", value: "[1,3]" },
      ],
    });
    expect(reply.logs ?? []).toEqual([]);
    const create = services.nocodb.since(from, `/api/v2/tables/${NOCODB_TABLE}/records`);
    expect(create.map((call) => [call.method, call.json])).toEqual([["POST", { Name: "Dee", City: "Paris" }]]);
    const created = services.nocodb.rows.find((row) => row.Name === "Dee");
    expect(created).toMatchObject({ City: "Paris" });
    expect(services.nocodb.links.at(-1)).toEqual({
      columnId: "c_friends",
      recordId: String(created?.Id),
      ids: [{ Id: 1 }, { Id: 3 }],
    });
  });

  it("updates every record matching the filter", async () => {
    const from = services.nocodb.received.length;
    const { reply } = await run("nocodb", {
      credentialsId: services.credentials.nocodb,
      action: "Update Existing Record",
      tableId: NOCODB_TABLE,
      filter: { comparisons: [{ input: "City", operator: "Equal to", value: "Paris" }] },
      updates: [{ fieldName: "City", value: "Nice" }],
    });
    expect(reply.logs ?? []).toEqual([]);
    const [list, patch] = services.nocodb.since(from, `/api/v2/tables/${NOCODB_TABLE}/records`);
    expect(list.query.get("where")).toBe("(City,eq,Paris)");
    expect(patch.method).toBe("PATCH");
    expect(patch.json).toEqual(
      services.nocodb.rows.filter((row) => row.City === "Nice").map((row) => ({ Id: row.Id, City: "Nice" })),
    );
    expect(patch.json.length).toBeGreaterThanOrEqual(2);
    for (const row of services.nocodb.rows) if (row.City === "Nice") row.City = "Paris";
  });

  it("refuses an update without a filter, and logs a missing table", async () => {
    const from = services.nocodb.received.length;
    const noFilter = await run("nocodb", {
      credentialsId: services.credentials.nocodb,
      action: "Update Existing Record",
      tableId: NOCODB_TABLE,
      updates: [{ fieldName: "City", value: "Nice" }],
    });
    expect(noFilter.reply.logs).toEqual([{ status: "error", description: "At least one filter is required" }]);
    expect(services.nocodb.since(from)).toEqual([]);
    const missingTable = await run("nocodb", {
      credentialsId: services.credentials.nocodb,
      action: "Create Record",
      tableId: "tbl_gone",
      fields: [{ key: "Name", value: "X" }],
    });
    // The record is created after the turn was saved: NocoDB's refusal is on the result, not in the reply.
    expect(missingTable.reply.logs).toBeUndefined();
    expect(missingTable.storedLogs).toEqual([
      {
        status: "error",
        description: "Request failed with status code 404",
        details: `{"msg":"Table 'tbl_gone' not found"}`,
      },
    ]);
  });
});
