import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../services/context.js";
import {
  CONSENT_LIFETIME_MS,
  completeGoogleConsent,
  GOOGLE_CALLBACK_PATH,
  GOOGLE_OAUTH_COOKIE,
  googleConsentUrl,
  googleSetup,
} from "../services/google-oauth.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { defineRoute } from "./route.js";
import { isHttps, readCookie } from "./session-cookie.js";

/** Where the builder shows the workspace's credentials; the callback sends the browser back there. */
const BUILDER_CREDENTIALS_PAGE = "/settings";

function consentCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const attributes = [
    `${GOOGLE_OAUTH_COOKIE}=${value}`,
    `Path=${GOOGLE_CALLBACK_PATH}`,
    "HttpOnly",
    // Lax: Google sends the browser back with a top-level GET, which carries it.
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (isHttps(request)) attributes.push("Secure");
  return attributes.join("; ");
}

/** "Connect a Google account": the consent URL (with its browser-binding cookie). */
export function googleOAuthRoutes(ctx: AppContext) {
  return [
    defineRoute({
      ...apiRoutes.googleConsentUrl,
      handler: async ({ caller, params, query, request, reply }) => {
        const consent = await googleConsentUrl(ctx, caller!, params.workspaceId, query.type);
        reply.header("set-cookie", consentCookie(request, consent.nonce, CONSENT_LIFETIME_MS / 1000));
        return { url: consent.url };
      },
    }),
    defineRoute({
      ...apiRoutes.googleSetup,
      handler: async ({ caller, params }) => googleSetup(ctx, caller!, params.workspaceId),
    }),
  ];
}

/**
 * Google's redirect back after the consent: not an API route (a browser navigation that ends in a
 * redirect to the builder), so it is registered beside them. Failures answer the usual error body.
 */
export function googleCallbackRoute(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get(
      GOOGLE_CALLBACK_PATH,
      async (
        request: FastifyRequest<{ Querystring: { code?: string; state?: string; error?: string } }>,
        reply: FastifyReply,
      ) => {
        const { code, state, error } = request.query;
        const credentials = await completeGoogleConsent(ctx, {
          ...(typeof code === "string" ? { code } : {}),
          ...(typeof state === "string" ? { state } : {}),
          ...(typeof error === "string" ? { error } : {}),
          cookieNonce: readCookie(request, GOOGLE_OAUTH_COOKIE),
        });
        reply.header("set-cookie", consentCookie(request, "", 0));
        const target = new URLSearchParams({ googleConnected: credentials.id, workspaceId: credentials.workspaceId });
        return reply.redirect(`${BUILDER_CREDENTIALS_PAGE}?${target}`);
      },
    );
  };
}
