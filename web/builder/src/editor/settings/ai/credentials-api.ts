import { api, encode } from "../../../lib/api";

export type CredentialsItem = { id: string; workspaceId: string; type: string; name: string; createdAt: string };

const base = (workspaceId: string) => `/api/v1/workspaces/${encode(workspaceId)}/credentials`;

export const listCredentials = (workspaceId: string, type?: string) =>
  api
    .get<{ credentials: CredentialsItem[] }>(`${base(workspaceId)}${type ? `?type=${encode(type)}` : ""}`)
    .then((answer) => answer.credentials);

export const createCredentials = (workspaceId: string, input: { type: string; name: string; data: unknown }) =>
  api.post<{ credentials: CredentialsItem }>(base(workspaceId), input).then((answer) => answer.credentials);

export const renameCredentials = (workspaceId: string, id: string, name: string) =>
  api.patch<{ credentials: CredentialsItem }>(`${base(workspaceId)}/${encode(id)}`, { name });

/** Without `confirm`, credentials a bot uses answer 409 naming the bots. */
export const deleteCredentials = (workspaceId: string, id: string, confirm = false) =>
  api.delete(`${base(workspaceId)}/${encode(id)}${confirm ? "?confirm=true" : ""}`);

export const listModels = (workspaceId: string, id: string) =>
  api.get<{ models: string[] }>(`${base(workspaceId)}/${encode(id)}/models`).then((answer) => answer.models);
