import { describe, expect, it } from "vitest";
import { nocoDbExecutor } from "../../../../../src/engine/blocks/integrations/plugins/nocodb.js";
import type { NocoDbPort, PluginRecord } from "../../../../../src/engine/ports.js";
import { fakePorts } from "../../../../helpers/engine-bot.js";
import { integrationContext } from "../integration-context.js";

/** NocoDB's executor against a fake port: what it asks NocoDB, what it stores, what it logs. */
const block = (options: Record<string, unknown>) =>
  ({ id: "n", type: "nocodb", outgoingEdgeId: "e-next", options: { credentialsId: "c1", ...options } }) as never;

const variables = [
  { id: "v-name", name: "Name", value: "Ann" },
  { id: "v-found", name: "Found" },
  { id: "v-ages", name: "Ages" },
];

function fakeNocoDb(records: PluginRecord[] | { ok: false; error: string; status?: number }) {
  const searches: unknown[] = [];
  const port: NocoDbPort = {
    async searchRecords(request) {
      searches.push(request);
      return Array.isArray(records) ? { ok: true, records } : records;
    },
    createRecord: async () => ({ ok: true }),
    updateRecords: async () => ({ ok: true }),
  };
  return { port, searches };
}

const run = (options: Record<string, unknown>, port: NocoDbPort, draws?: number) =>
  nocoDbExecutor.execute(
    block(options),
    integrationContext({
      variables,
      ports: { nocodb: port, ...(draws === undefined ? {} : { random: fakePorts([draws]).random }) },
    }),
  );

const searchOf = (returnType: string, mapping = [{ fieldName: "Name", variableId: "v-found" }]) => ({
  action: "Search Records",
  tableId: "t1",
  returnType,
  filter: { comparisons: [{ input: "Name", operator: "Equal to", value: "{{Name}}" }] },
  responseMapping: mapping,
});

const rows = [
  { Id: 1, Name: "Ann", Age: 31 },
  { Id: 2, Name: "Bob", Age: 42 },
  { Id: 3, Name: "Cy", Age: 23 },
];

describe("NocoDB: Search Records", () => {
  it("filters with the chat's variables and stores the first row's field", async () => {
    const { port, searches } = fakeNocoDb(rows);
    const outcome = await run(searchOf("First"), port);
    expect(searches).toEqual([{ credentialsId: "c1", tableId: "t1", where: "(Name,eq,Ann)" }]);
    expect(outcome.variables).toEqual([{ id: "v-found", value: "Ann" }]);
    expect(outcome.logs ?? []).toEqual([]);
    expect(outcome.outgoingEdgeId).toBe("e-next");
  });

  it("keeps the last or a drawn row, and a list of every row's field for All", async () => {
    const last = await run(searchOf("Last"), fakeNocoDb(rows).port);
    expect(last.variables).toEqual([{ id: "v-found", value: "Cy" }]);
    const drawn = await run(searchOf("Random"), fakeNocoDb(rows).port, 0.4);
    expect(drawn.variables).toEqual([{ id: "v-found", value: "Bob" }]);
    const all = await run(searchOf("All", [{ fieldName: "Age", variableId: "v-ages" }]), fakeNocoDb(rows).port);
    expect(all.variables).toEqual([{ id: "v-ages", value: ["31", "42", "23"] }]);
  });

  it("logs a field the table has not and a search that matched nothing, and goes on", async () => {
    const missing = await run(
      searchOf("First", [{ fieldName: "Email", variableId: "v-found" }]),
      fakeNocoDb(rows).port,
    );
    expect(missing.variables ?? []).toEqual([]);
    expect(missing.logs).toEqual([{ status: "error", description: "Field Email does not exist in the table" }]);
    const none = await run(searchOf("First"), fakeNocoDb([]).port);
    expect(none.variables).toBeUndefined();
    expect(none.logs).toEqual([
      { status: "info", description: "Couldn't find any rows matching the filter", details: "(Name,eq,Ann)" },
    ]);
    expect(none.outgoingEdgeId).toBe("e-next");
  });

  it("logs NocoDB's refusal with what it was doing", async () => {
    const outcome = await run(searchOf("First"), fakeNocoDb({ ok: false, error: "Unauthorized", status: 401 }).port);
    expect(outcome.variables).toBeUndefined();
    expect(outcome.logs?.[0]).toMatchObject({ status: "error" });
    expect(JSON.stringify(outcome.logs)).toContain("While searching NocoDB records");
    expect(outcome.outgoingEdgeId).toBe("e-next");
  });
});

describe("NocoDB: Create and Update", () => {
  it("creates the record as an effect of the turn, with the chat's values", async () => {
    const outcome = await run(
      { action: "Create Record", tableId: "t1", fields: [{ key: "Name", value: "{{Name}}" }, { value: "lost" }] },
      fakeNocoDb([]).port,
    );
    expect(outcome.effects).toMatchObject([
      { kind: "nocodb.createRecord", request: { credentialsId: "c1", tableId: "t1", fields: { Name: "Ann" } } },
    ]);
    expect(outcome.logs ?? []).toEqual([]);
  });

  it("refuses a create without fields and an update without a filter, sending nothing", async () => {
    const { port, searches } = fakeNocoDb(rows);
    const create = await run({ action: "Create Record", tableId: "t1", fields: [] }, port);
    expect(create.logs).toEqual([{ status: "error", description: "At least one field is required" }]);
    const update = await run(
      { action: "Update Existing Record", tableId: "t1", updates: [{ fieldName: "Age", value: "32" }] },
      port,
    );
    expect(update.logs).toEqual([{ status: "error", description: "At least one filter is required" }]);
    expect(create.effects ?? []).toEqual([]);
    expect(update.effects ?? []).toEqual([]);
    expect(searches).toEqual([]);
  });

  it("updates the ids the search found, once the turn is saved", async () => {
    const { port } = fakeNocoDb(rows.slice(0, 2));
    const outcome = await run(
      {
        action: "Update Existing Record",
        tableId: "t1",
        filter: { comparisons: [{ input: "Age", operator: "Greater than", value: "30" }] },
        updates: [{ fieldName: "Name", value: "{{Name}}" }],
      },
      port,
    );
    expect(outcome.effects).toMatchObject([
      {
        kind: "nocodb.updateRecords",
        request: { credentialsId: "c1", tableId: "t1", ids: [1, 2], fields: { Name: "Ann" } },
      },
    ]);
  });
});
