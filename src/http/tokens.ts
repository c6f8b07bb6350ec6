import { createOwnToken, listOwnTokens, revokeOwnToken } from "../services/api-tokens.js";
import type { AppContext } from "../services/context.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { defineRoute } from "./route.js";

/** The caller's API tokens, for scripts; the builder lists, creates and revokes them. */
export function tokenRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.listTokens,
      handler: async ({ caller }) => ({ tokens: await listOwnTokens(ctx, caller!) }),
    }),
    defineRoute({
      ...apiRoutes.createToken,
      handler: async ({ caller, body, reply }) => {
        reply.header("cache-control", "no-store");
        return createOwnToken(ctx, caller!, body.name);
      },
    }),
    defineRoute({
      ...apiRoutes.revokeToken,
      handler: async ({ caller, params }) => {
        await revokeOwnToken(ctx, caller!, params.tokenId);
        return { message: "success" };
      },
    }),
  ];
}
