import { z } from "zod";
import { endpoint, type HttpMethod, type RouteName } from "./api-paths.js";
import { idSchema } from "./common.js";

/** token: an API token or the builder's cookie is required; optional: read when sent; none: never read. */
export type AuthMode = "token" | "optional" | "none";

/**
 * One API route as both sides see it: where it lives, who may call it, and the zod schemas of its
 * parts. The server validates requests with them and checks its answers against them in tests; the
 * OpenAPI document and the web clients' types are derived from them.
 */
export type RouteContract = {
  method: HttpMethod;
  url: string;
  summary: string;
  tags: readonly string[];
  auth: AuthMode;
  /** Whether the route changes a workspace (guests may not); by default every method but GET does. */
  access?: "read" | "write";
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A body that is not JSON (the upload's file): its media type, for the document. */
  rawBody?: { contentType: string; description: string };
  /** The success status when it is not 200: 201 created, 202 accepted (work queued), 204 nothing to say. */
  successStatus?: 201 | 202 | 204;
  /** The answer on success; failures are `{ code, message, issues? }` (errorBodySchema). */
  response: z.ZodType;
  /** The answer's media type when it is not JSON (a CSV export, a text stream). */
  responseContentType?: string;
};

export type ContractParts = Omit<RouteContract, "method" | "url">;

/** A route's contract: its method and path (from the path table) with the parts given. */
export const route = <N extends RouteName, C extends ContractParts>(name: N, parts: C) => ({
  ...endpoint(name),
  ...parts,
});

/** Path parameters shared by several routes. */
export const botIdParams = z.object({ botId: idSchema });
export const sessionIdParams = z.object({ sessionId: idSchema });
export const workspaceIdParams = z.object({ workspaceId: idSchema });
export const credentialsParams = z.object({ workspaceId: idSchema, credentialsId: idSchema });
export const memberParams = z.object({ workspaceId: idSchema, userId: idSchema });
export const folderParams = z.object({ workspaceId: idSchema, folderId: idSchema });
