import type { SegmentPort } from "../../engine/ports.js";
import { callService, isFailure, serviceAccess, type ServiceAdapterOptions } from "../plugins/service-call.js";

/** Segment's tracking API (the EU workspaces' address goes in the credential). */
export const DEFAULT_SEGMENT_URL = "https://api.segment.io";

/** Segment's HTTP tracking API: one call per message, the write key as the Basic auth user name. */
export function createSegmentPort({ vault, http }: ServiceAdapterOptions): SegmentPort {
  return {
    async send(request, scope) {
      const to = await serviceAccess(vault, "segment", request.credentialsId, scope, DEFAULT_SEGMENT_URL);
      if (isFailure(to)) return to;
      const answer = await callService(http, {
        url: `${to.baseUrl}/v1/${request.call}`,
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${to.apiKey}:`).toString("base64")}` },
        json: request.body,
      });
      return answer.ok ? { ok: true } : answer;
    },
  };
}
