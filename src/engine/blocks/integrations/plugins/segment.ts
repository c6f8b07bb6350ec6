import { segmentActions, type SegmentOptions } from "../../../../schemas/blocks/integrations/plugins/segment.js";
import type { SegmentPort } from "../../../ports.js";
import {
  filled,
  keyValues,
  missingLog,
  type PluginAction,
  type PluginResult,
  serviceEffect,
  servicePluginExecutor,
} from "./plugin-kit.js";

type Action = PluginAction<SegmentOptions, SegmentPort>;
type Call = Parameters<SegmentPort["send"]>[0]["call"];

/** Fields a call cannot go without, by their label in the builder. */
function missingFields(required: Record<string, string | undefined>): string[] {
  return Object.entries(required).flatMap(([label, value]) => (filled(value) ? [] : [label]));
}

/** `properties` only when there are some: an empty object tells Segment nothing. */
const withProperties = (rows: SegmentOptions["properties"]) => {
  const properties = keyValues(rows);
  return Object.keys(properties).length ? { properties } : {};
};

/**
 * One Segment call, or a log naming the empty required fields (the reference skips such a block
 * silently, which leaves its author guessing).
 */
function segmentCall(
  action: string,
  path: Call,
  required: (options: SegmentOptions) => Record<string, string | undefined>,
  body: (options: SegmentOptions) => Record<string, unknown>,
): Action {
  return (options, call): PluginResult => {
    const missing = missingFields(required(options));
    if (missing.length)
      return { logs: [missingLog(`Segment ${action}: Missing required fields (${missing.join(", ")})`)] };
    const request = { credentialsId: call.credentialsId, call: path, body: body(options) };
    return serviceEffect("segment.send", request, call, `While sending the ${action} call to Segment`);
  };
}

/** Segment: identify, track, page and alias calls through Segment's HTTP tracking API. */
export const segmentExecutor = servicePluginExecutor("segment", {
  port: (ports) => ports.segment,
  service: "Segment",
  actions: {
    // The e-mail is one trait among others: Segment does not require it, so neither does this block.
    [segmentActions.identify]: segmentCall(
      "Identify User",
      "identify",
      (options) => ({ "User ID": options.userId }),
      (options) => {
        const email = filled(options.email);
        return { userId: options.userId, traits: { ...keyValues(options.traits), ...(email ? { email } : {}) } };
      },
    ),
    [segmentActions.track]: segmentCall(
      "Track",
      "track",
      (options) => ({ "Event name": options.eventName, "User ID": options.userId }),
      (options) => ({ userId: options.userId, event: options.eventName, ...withProperties(options.properties) }),
    ),
    [segmentActions.page]: segmentCall(
      "Page",
      "page",
      (options) => ({ "User ID": options.userId, Name: options.name }),
      (options) => ({
        userId: options.userId,
        name: options.name,
        ...(filled(options.category) ? { category: options.category } : {}),
        ...withProperties(options.properties),
      }),
    ),
    [segmentActions.alias]: segmentCall(
      "Alias",
      "alias",
      (options) => ({ "User ID": options.userId, "Previous ID": options.previousId }),
      (options) => ({ userId: options.userId, previousId: options.previousId }),
    ),
  },
});
