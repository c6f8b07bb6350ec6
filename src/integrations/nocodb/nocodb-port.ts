import type { IntegrationScope, NocoDbPort, PluginFailure, PluginRecord } from "../../engine/ports.js";
import {
  callService,
  isFailure,
  serviceAccess,
  type ServiceAccess,
  type ServiceAdapterOptions,
} from "../plugins/service-call.js";

export const DEFAULT_NOCODB_URL = "https://app.nocodb.com";
/** NocoDB's largest page: a search or an update sees at most this many records. */
export const NOCODB_PAGE_LIMIT = 1000;

type Column = { id: string; title: string; uidt?: string };

/** NocoDB's v2 REST API, authenticated by the `xc-token` header. */
export function createNocoDbPort({ vault, http }: ServiceAdapterOptions): NocoDbPort {
  const access = (credentialsId: string, scope: IntegrationScope) =>
    serviceAccess(vault, "nocodb", credentialsId, scope, DEFAULT_NOCODB_URL);
  const call = (to: ServiceAccess, method: string, path: string, json?: unknown) =>
    callService(http, { url: `${to.baseUrl}/api/v2${path}`, method, headers: { "xc-token": to.apiKey }, json });
  const recordsPath = (tableId: string) => `/tables/${encodeURIComponent(tableId)}/records`;

  /**
   * The fields split into plain values and link columns (by title, from the table's metadata). Link
   * values are record ids, one or a JSON list, posted to the link endpoint rather than the record.
   */
  async function splitLinks(to: ServiceAccess, tableId: string, fields: Record<string, string | null>) {
    const meta = await call(to, "GET", `/meta/tables/${encodeURIComponent(tableId)}`);
    if (!meta.ok) return meta;
    const columns = ((meta.data as { columns?: Column[] } | undefined)?.columns ?? []).filter(
      (column) => column.uidt === "LinkToAnotherRecord" && Object.hasOwn(fields, column.title),
    );
    const plain = { ...fields };
    const links: { columnId: string; ids: unknown[] }[] = [];
    for (const column of columns) {
      const ids = linkedIds(fields[column.title]);
      delete plain[column.title];
      if (ids.length) links.push({ columnId: column.id, ids });
    }
    return { plain, links };
  }

  async function link(
    to: ServiceAccess,
    tableId: string,
    recordIds: unknown[],
    links: { columnId: string; ids: unknown[] }[],
  ) {
    for (const { columnId, ids } of links)
      for (const recordId of recordIds) {
        const linked = await call(
          to,
          "POST",
          `/tables/${encodeURIComponent(tableId)}/links/${encodeURIComponent(columnId)}/records/${encodeURIComponent(String(recordId))}`,
          ids.map((id) => ({ Id: id })),
        );
        if (!linked.ok) return linked;
      }
    return { ok: true as const };
  }

  return {
    async searchRecords(request, scope) {
      const to = await access(request.credentialsId, scope);
      if (isFailure(to)) return to;
      const query = new URLSearchParams({
        ...(request.where ? { where: request.where } : {}),
        ...(request.viewId ? { viewId: request.viewId } : {}),
        limit: String(NOCODB_PAGE_LIMIT),
      });
      const answer = await call(to, "GET", `${recordsPath(request.tableId)}?${query}`);
      if (!answer.ok) return answer;
      const list = (answer.data as { list?: unknown } | undefined)?.list;
      return { ok: true, records: Array.isArray(list) ? (list as PluginRecord[]) : [] };
    },
    async createRecord(request, scope) {
      const to = await access(request.credentialsId, scope);
      if (isFailure(to)) return to;
      const split = await splitLinks(to, request.tableId, request.fields);
      if (isFailure(split)) return split;
      const created = await call(to, "POST", recordsPath(request.tableId), split.plain);
      if (!created.ok) return created;
      const id = (created.data as { Id?: unknown } | undefined)?.Id;
      return id === undefined ? { ok: true } : link(to, request.tableId, [id], split.links);
    },
    async updateRecords(request, scope): Promise<{ ok: true } | PluginFailure> {
      const to = await access(request.credentialsId, scope);
      if (isFailure(to)) return to;
      const split = await splitLinks(to, request.tableId, request.fields);
      if (isFailure(split)) return split;
      if (Object.keys(split.plain).length) {
        const updated = await call(
          to,
          "PATCH",
          recordsPath(request.tableId),
          request.ids.map((id) => ({ Id: id, ...split.plain })),
        );
        if (!updated.ok) return updated;
      }
      return link(to, request.tableId, request.ids, split.links);
    },
  };
}

/** A link value: one record id, or a JSON list of them. */
function linkedIds(value: string | null | undefined): unknown[] {
  if (!value) return [];
  if (value.startsWith("[") && value.endsWith("]")) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Not JSON after all: one id that happens to start with a bracket.
    }
  }
  return [value];
}
