import { nocoDbActions, type NocoDbOptions } from "../../../../schemas/blocks/integrations/plugins/nocodb.js";
import type { NocoDbPort, PluginRecord } from "../../../ports.js";
import type { VariableUpdate } from "../../executor.js";
import { nocoDbWhere } from "./nocodb-where.js";
import {
  filled,
  infoLog,
  missingLog,
  type PluginAction,
  serviceEffect,
  servicePluginExecutor,
  serviceFailureLog,
  variableUpdate,
} from "./plugin-kit.js";

type Action = PluginAction<NocoDbOptions, NocoDbPort>;

const NO_MATCH = "Couldn't find any rows matching the filter";

/** The records the return type keeps: all of them, or the first, the last or a random one. */
function pick(records: PluginRecord[], returnType: NocoDbOptions["returnType"], random: () => number): PluginRecord[] {
  if (!records.length || !returnType || returnType === "All") return records;
  if (returnType === "First") return [records[0]];
  if (returnType === "Last") return [records[records.length - 1]];
  return [records[Math.floor(random() * records.length)]];
}

const hasComparison = (options: NocoDbOptions) =>
  (options.filter?.comparisons ?? []).some((comparison) => filled(comparison.input));

const searchRecords: Action = async (options, { port, credentialsId, scope, ctx }) => {
  const tableId = filled(options.tableId);
  if (!tableId) return { logs: [missingLog("Table ID is required")] };
  const where = nocoDbWhere(options.filter);
  const viewId = filled(options.viewId);
  const found = await port.searchRecords(
    { credentialsId, tableId, ...(viewId ? { viewId } : {}), ...(where ? { where } : {}) },
    scope,
  );
  if (!found.ok) return { logs: [serviceFailureLog(found, "While searching NocoDB records")] };
  const records = pick(found.records, options.returnType, ctx.ports.random.number);
  if (!records.length) return { logs: [infoLog(NO_MATCH, where)] };
  const variables: VariableUpdate[] = [];
  const logs = [];
  for (const mapping of options.responseMapping ?? []) {
    const field = filled(mapping.fieldName);
    if (!field || !mapping.variableId) continue;
    if (records[0][field] === undefined) {
      logs.push(missingLog(`Field ${field} does not exist in the table`));
      continue;
    }
    const values = records.map((record) => record[field]);
    const update = variableUpdate(ctx, mapping.variableId, values.length === 1 ? values[0] : values);
    if (update) variables.push(update);
  }
  return { variables, logs };
};

/** The record is created once the turn is saved: the flow reads nothing of NocoDB's answer. */
const createRecord: Action = (options, call) => {
  const { credentialsId } = call;
  const tableId = filled(options.tableId);
  if (!tableId) return { logs: [missingLog("Table ID is required")] };
  const fields = Object.fromEntries(
    (options.fields ?? []).flatMap((row) => (filled(row.key) ? [[row.key as string, row.value ?? null]] : [])),
  );
  if (!Object.keys(fields).length) return { logs: [missingLog("At least one field is required")] };
  return serviceEffect("nocodb.createRecord", { credentialsId, tableId, fields }, call, "While creating NocoDB record");
};

const updateExistingRecord: Action = async (options, { port, credentialsId, scope, ctx }) => {
  const fields = Object.fromEntries(
    (options.updates ?? []).flatMap((row) =>
      filled(row.fieldName) ? [[row.fieldName as string, row.value ?? null]] : [],
    ),
  );
  if (!Object.keys(fields).length) return { logs: [missingLog("At least one update is required")] };
  const tableId = filled(options.tableId);
  if (!tableId) return { logs: [missingLog("Table ID is required")] };
  // Without a filter every record of the table would change: the reference refuses, and so do we.
  if (!hasComparison(options)) return { logs: [missingLog("At least one filter is required")] };
  const where = nocoDbWhere(options.filter);
  const viewId = filled(options.viewId);
  const context = "While updating NocoDB existing record";
  const found = await port.searchRecords(
    { credentialsId, tableId, ...(viewId ? { viewId } : {}), ...(where ? { where } : {}) },
    scope,
  );
  if (!found.ok) return { logs: [serviceFailureLog(found, context)] };
  const ids = found.records.map((record) => record.Id).filter((id) => id !== undefined && id !== null);
  if (!ids.length) return { logs: [infoLog(NO_MATCH, where)] };
  // The search runs now (it decides what changes); the change itself once the turn is saved.
  return serviceEffect("nocodb.updateRecords", { credentialsId, tableId, ids, fields }, { scope, ctx }, context);
};

/** NocoDB: search, create and update records of a table, on NocoDB's cloud or a self-hosted instance. */
export const nocoDbExecutor = servicePluginExecutor("nocodb", {
  port: (ports) => ports.nocodb,
  service: "NocoDB",
  actions: {
    [nocoDbActions.search]: searchRecords,
    [nocoDbActions.create]: createRecord,
    [nocoDbActions.update]: updateExistingRecord,
  },
});
