import type { RouteOutput } from "../../../../shared/api-client.js";
import { api } from "../../lib/api";

export type BotVersion = RouteOutput<"listVersions">["versions"][number];
export type BotDiff = RouteOutput<"diffVersion">;
export type Staging = NonNullable<RouteOutput<"getStaging">["staging"]>;

/** One page of the bot's versions, newest first. */
export const listVersions = (botId: string, cursor?: string) =>
  api.call("listVersions", { params: { botId }, query: { limit: 20, cursor } });

/** What changed from `versionId` to `to`: another version's id, or "draft". */
export const diffVersion = (botId: string, versionId: string, to: string) =>
  api.call("diffVersion", { params: { botId, versionId }, query: { to } });

export const restoreVersion = (botId: string, versionId: string, to: "published" | "draft") =>
  api.call("restoreVersion", { params: { botId, versionId }, body: { to } });

export const getStaging = (botId: string) => api.call("getStaging", { params: { botId } }).then((a) => a.staging);

/** `versionId`: a version's id, or "draft". */
export const setStaging = (botId: string, versionId: string) =>
  api.call("setStaging", { params: { botId }, body: { versionId } }).then((answer) => answer.staging);

export const deleteStaging = (botId: string) => api.call("deleteStaging", { params: { botId } });

export const promoteStaging = (botId: string) => api.call("promoteStaging", { params: { botId }, body: {} });

/** Who published, by user id: the workspace's members' e-mails (an empty map if they cannot be read). */
export const memberEmails = (workspaceId: string) =>
  api.call("listMembers", { params: { workspaceId } }).then(
    ({ members }) => new Map(members.map((member) => [member.userId, member.email])),
    () => new Map<string, string>(),
  );
