import { z } from "zod";
import { idSchema, messageResponseSchema } from "../schemas/common.js";
import { createOwnToken, listOwnTokens, revokeOwnToken } from "../services/api-tokens.js";
import type { AppContext } from "../services/context.js";
import { defineRoute } from "./route.js";

const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** The caller's API tokens, for scripts; the builder lists, creates and revokes them. */
export function tokenRoutes(ctx: AppContext) {
  const tags = ["API tokens"];
  return [
    defineRoute({
      method: "GET",
      url: "/api/v1/tokens",
      summary: "List the caller's API tokens (never their values)",
      tags,
      auth: "token",
      response: z.object({ tokens: z.array(tokenSchema) }),
      handler: async ({ caller }) => ({ tokens: await listOwnTokens(ctx, caller!) }),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/tokens",
      summary: "Create an API token; its value is in this answer only",
      tags,
      auth: "token",
      body: z.object({ name: z.string().trim().min(1, "Name must not be empty").max(100) }),
      response: z.object({ token: tokenSchema.pick({ id: true, name: true, createdAt: true }), value: z.string() }),
      handler: async ({ caller, body, reply }) => {
        reply.header("cache-control", "no-store");
        return createOwnToken(ctx, caller!, body.name);
      },
    }),
    defineRoute({
      method: "DELETE",
      url: "/api/v1/tokens/:tokenId",
      summary: "Revoke one of the caller's API tokens",
      tags,
      auth: "token",
      params: z.object({ tokenId: idSchema }),
      response: messageResponseSchema,
      handler: async ({ caller, params }) => {
        await revokeOwnToken(ctx, caller!, params.tokenId);
        return { message: "success" };
      },
    }),
  ];
}
