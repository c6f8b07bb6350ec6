import type { RouteOutput } from "../../../../../shared/api-client.js";
import { api } from "../../../lib/api";

export type CredentialsItem = RouteOutput<"listCredentials">["credentials"][number];

type CredentialsType = NonNullable<CredentialsItem["type"]>;

export const listCredentials = (workspaceId: string, type?: string) =>
  api
    .call("listCredentials", { params: { workspaceId }, query: { type: type as CredentialsType | undefined } })
    .then((answer) => answer.credentials);

/** The server checks the data against the type's own schema (400 naming the field otherwise). */
export const createCredentials = (workspaceId: string, input: { type: string; name: string; data: unknown }) =>
  api.call("createCredentials", { params: { workspaceId }, body: input as never }).then((answer) => answer.credentials);

export const renameCredentials = (workspaceId: string, id: string, name: string) =>
  api.call("renameCredentials", { params: { workspaceId, credentialsId: id }, body: { name } });

/** Without `confirm`, credentials a bot uses answer 409 naming the bots. */
export const deleteCredentials = (workspaceId: string, id: string, confirm = false) =>
  api.call("deleteCredentials", {
    params: { workspaceId, credentialsId: id },
    query: confirm ? { confirm: "true" } : {},
  });

export const listModels = (workspaceId: string, id: string) =>
  api.call("credentialsModels", { params: { workspaceId, credentialsId: id } }).then((answer) => answer.models);

export type CredentialsCheck = RouteOutput<"testCredentials">;

/** A harmless call with the stored secret; a refused call is an answer (`failed`), not an error. */
export const testCredentials = (workspaceId: string, id: string) =>
  api.call("testCredentials", { params: { workspaceId, credentialsId: id } });
