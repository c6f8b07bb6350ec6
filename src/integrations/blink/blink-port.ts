import type { BlinkPort, PluginRecord } from "../../engine/ports.js";
import { guardedRequest, type AddressGuard } from "../http/guarded-request.js";
import {
  callService,
  isFailure,
  SERVICE_CALL_TIMEOUT_MS,
  serviceAccess,
  type ServiceAccess,
  type ServiceAdapterOptions,
} from "../plugins/service-call.js";

export const DEFAULT_BLINK_URL = "https://api.joinblink.com/v2";

/** Blink's REST API with the app token as a Bearer token. */
export function createBlinkPort({ vault, http, guard }: ServiceAdapterOptions & { guard: AddressGuard }): BlinkPort {
  const call = (to: ServiceAccess, method: string, path: string, json?: unknown) =>
    callService(http, { url: `${to.baseUrl}${path}`, method, headers: { authorization: `Bearer ${to.apiKey}` }, json });
  const access = (credentialsId: string, scope: Parameters<BlinkPort["getUsers"]>[1]) =>
    serviceAccess(vault, "blink", credentialsId, scope, DEFAULT_BLINK_URL);

  return {
    async getUsers(request, scope) {
      const to = await access(request.credentialsId, scope);
      if (isFailure(to)) return to;
      const query = new URLSearchParams(request.query).toString();
      const answer = await call(to, "GET", `/user${query ? `?${query}` : ""}`);
      if (!answer.ok) return answer;
      const users = (answer.data as { data?: unknown } | undefined)?.data;
      return { ok: true, users: Array.isArray(users) ? (users as PluginRecord[]) : [] };
    },
    async sendFeedEvent(request, scope) {
      const to = await access(request.credentialsId, scope);
      if (isFailure(to)) return to;
      const answer = await call(to, "POST", "/feed/events", request.body);
      if (!answer.ok) return answer;
      const eventId = (answer.data as { data?: { event_id?: unknown } } | undefined)?.data?.event_id;
      return { ok: true, ...(eventId !== undefined && eventId !== null ? { eventId: String(eventId) } : {}) };
    },
    async describeFile(url) {
      try {
        const response = await guardedRequest(
          { url, method: "HEAD", headers: {}, signal: AbortSignal.timeout(SERVICE_CALL_TIMEOUT_MS) },
          guard,
        );
        response.resume();
        const status = response.statusCode ?? 500;
        if (status >= 400) return { ok: false, error: `Request failed with status code ${status}`, status };
        const header = (name: string) => {
          const value = response.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const name = header("content-disposition")?.match(/filename="?([^";]+)"?/)?.[1];
        const type = header("content-type")?.split(";")[0]?.trim();
        const size = Number(header("content-length"));
        return { ok: true, ...(name ? { name } : {}), ...(type ? { type } : {}), ...(size > 0 ? { size } : {}) };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
