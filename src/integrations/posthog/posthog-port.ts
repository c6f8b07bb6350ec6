import type { PostHogPort } from "../../engine/ports.js";
import { callService, isFailure, serviceAccess, type ServiceAdapterOptions } from "../plugins/service-call.js";

/** PostHog Cloud US; EU or self-hosted instances put their address in the credential. */
export const DEFAULT_POSTHOG_URL = "https://us.i.posthog.com";

/** PostHog's event ingestion endpoint; the project key travels in the body, as PostHog expects. */
export function createPostHogPort({ vault, http }: ServiceAdapterOptions): PostHogPort {
  return {
    async capture(request, scope) {
      const to = await serviceAccess(vault, "posthog", request.credentialsId, scope, DEFAULT_POSTHOG_URL);
      if (isFailure(to)) return to;
      const answer = await callService(http, {
        url: `${to.baseUrl}/i/v0/e/`,
        method: "POST",
        headers: {},
        json: {
          api_key: to.apiKey,
          event: request.event,
          distinct_id: request.distinctId,
          properties: request.properties,
          ...(request.uuid ? { uuid: request.uuid } : {}),
        },
      });
      return answer.ok ? { ok: true } : answer;
    },
  };
}
