import type { HttpPort, IntegrationScope, PluginFailure } from "../../engine/ports.js";
import type { PluginKeyCredentialsType } from "../../schemas/credentials.js";
import type { CredentialsVault } from "../credentials/credentials-vault.js";

/** A plug-in service that has not answered after this long is given up; the flow goes on with a log. */
export const SERVICE_CALL_TIMEOUT_MS = 15_000;

export type ServiceAdapterOptions = { vault: CredentialsVault; http: HttpPort };
export type ServiceAccess = { apiKey: string; baseUrl: string };

/**
 * The key and address of a plug-in credential from the chat's workspace; the address without its
 * trailing slashes, or the service's own. A failure with the reference's text when there is none.
 */
export async function serviceAccess(
  vault: CredentialsVault,
  type: PluginKeyCredentialsType,
  credentialsId: string,
  scope: IntegrationScope,
  defaultBaseUrl: string,
): Promise<ServiceAccess | PluginFailure> {
  const data = await vault.resolve(type, credentialsId, scope);
  if (!data) return { ok: false, error: `Could not find credentials for block ${type}` };
  return { apiKey: data.apiKey, baseUrl: (data.baseUrl ?? defaultBaseUrl).replace(/\/+$/, "") };
}

/**
 * One JSON call through the guarded HTTP port. Anything but a 2xx answer is a failure whose details
 * are the service's own body, so the bot's owner reads in the logs what the service said.
 */
export async function callService(
  http: HttpPort,
  request: { url: string; method: string; headers: Record<string, string>; json?: unknown },
): Promise<{ ok: true; data: unknown } | PluginFailure> {
  const response = await http.request({
    url: request.url,
    method: request.method,
    headers: {
      accept: "application/json",
      ...(request.json !== undefined ? { "content-type": "application/json" } : {}),
      ...request.headers,
    },
    ...(request.json !== undefined ? { body: JSON.stringify(request.json) } : {}),
    timeoutMs: SERVICE_CALL_TIMEOUT_MS,
  });
  // An address the guard refuses stays refused; a service that did not answer may answer later.
  if (response.error) return { ok: false, error: response.error.message, retryable: response.error.kind !== "refused" };
  if (response.statusCode < 200 || response.statusCode >= 300)
    return {
      ok: false,
      error: `Request failed with status code ${response.statusCode}`,
      status: response.statusCode,
      details: typeof response.data === "string" ? response.data : JSON.stringify(response.data),
      ...(retryableStatus(response.statusCode) ? { retryable: true } : {}),
    };
  return { ok: true, data: response.data };
}

const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;

export const isFailure = (value: object): value is PluginFailure => "ok" in value && value.ok === false;
