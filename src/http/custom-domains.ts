import { z } from "zod";
import { idSchema } from "../schemas/common.js";
import type { AppContext } from "../services/context.js";
import { customDomainStatus, verifyCustomDomain } from "../services/custom-domain-proof.js";
import { defineRoute } from "./route.js";

const statusSchema = z.object({
  domain: z.string().nullable(),
  challenge: z.object({ url: z.string(), token: z.string() }).nullable(),
  verifiedAt: z.string().nullable(),
  allowedByOperator: z.boolean(),
  isServed: z.boolean(),
});

/** A bot's custom domain is served once its claimant proves control of it (docs/security.md "Custom domains"). */
export function customDomainRoutes(ctx: AppContext) {
  const tags = ["Bots"];
  return [
    defineRoute({
      method: "GET",
      url: "/api/v1/bots/:botId/customDomain",
      summary: "The bot's custom domain, the challenge it must answer before it is served, and whether it is served",
      tags,
      auth: "token",
      params: z.object({ botId: idSchema }),
      response: statusSchema,
      handler: ({ caller, params }) => customDomainStatus(ctx, caller!, params.botId),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:botId/customDomain/verify",
      summary:
        "Fetches http://<domain>/.well-known/parley-challenge/<token>; the domain is served once it answers the token",
      tags,
      auth: "token",
      params: z.object({ botId: idSchema }),
      response: statusSchema,
      handler: ({ caller, params }) => verifyCustomDomain(ctx, caller!, params.botId),
    }),
  ];
}
