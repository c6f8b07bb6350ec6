import type { BlinkPort, NocoDbPort, PostHogPort, SegmentPort } from "../../engine/ports.js";
import { createBlinkPort } from "../blink/blink-port.js";
import type { AddressGuard } from "../http/guarded-request.js";
import { createNocoDbPort } from "../nocodb/nocodb-port.js";
import { createPostHogPort } from "../posthog/posthog-port.js";
import { createSegmentPort } from "../segment/segment-port.js";
import type { ServiceAdapterOptions } from "./service-call.js";

export type PluginServicePorts = { nocodb: NocoDbPort; segment: SegmentPort; posthog: PostHogPort; blink: BlinkPort };

/** The plug-in services called with a workspace key, all through the same guarded HTTP port. */
export function createPluginServicePorts(options: ServiceAdapterOptions & { guard: AddressGuard }): PluginServicePorts {
  return {
    nocodb: createNocoDbPort(options),
    segment: createSegmentPort(options),
    posthog: createPostHogPort(options),
    blink: createBlinkPort(options),
  };
}
