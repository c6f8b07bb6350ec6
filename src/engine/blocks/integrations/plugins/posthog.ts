import { postHogActions, type PostHogOptions } from "../../../../schemas/blocks/integrations/plugins/posthog.js";
import type { PostHogPort } from "../../../ports.js";
import {
  filled,
  keyValues,
  missingLog,
  type PluginAction,
  serviceEffect,
  servicePluginExecutor,
} from "./plugin-kit.js";

type Action = PluginAction<PostHogOptions, PostHogPort>;
const CONTEXT = "While sending the event to PostHog";

/**
 * Capture. An anonymous event gets a fresh distinct id and no person profile, so "Distinct ID" is
 * only required for identified events (the reference asks for it either way, then throws it away).
 */
const capture: Action = (options, call) => {
  const { credentialsId, ctx } = call;
  const event = filled(options.event);
  const distinctId = options.isAnonymous ? ctx.ports.random.id() : filled(options.distinctId);
  if (!event || !distinctId) return { logs: [missingLog("PostHog Capture: Missing required fields")] };
  const personProperties = keyValues(options.personProperties);
  const groups = Object.fromEntries(
    (options.groups ?? []).flatMap((group) =>
      filled(group.type) && filled(group.key) ? [[group.type as string, group.key as string]] : [],
    ),
  );
  const properties = {
    ...keyValues(options.properties),
    ...(options.isAnonymous
      ? { $process_person_profile: false }
      : Object.keys(personProperties).length
        ? { $set: personProperties }
        : {}),
    ...(Object.keys(groups).length ? { $groups: groups } : {}),
  };
  return serviceEffect("posthog.capture", { credentialsId, event, distinctId, properties }, call, CONTEXT);
};

/** Identify Group: PostHog's `$groupidentify` event; without a distinct id, the group's own (as PostHog's SDKs do). */
const identifyGroup: Action = (options, call) => {
  const groupType = filled(options.groupType);
  const groupKey = filled(options.groupKey);
  if (!groupType || !groupKey) return { logs: [missingLog("Group type and key are required")] };
  const request = {
    credentialsId: call.credentialsId,
    event: "$groupidentify",
    distinctId: filled(options.distinctId) ?? `$${groupType}_${groupKey}`,
    properties: { $group_type: groupType, $group_key: groupKey, $group_set: keyValues(options.properties) },
  };
  return serviceEffect("posthog.capture", request, call, CONTEXT);
};

/** PostHog: capture events and identify groups through PostHog's ingestion API (cloud or self-hosted). */
export const postHogExecutor = servicePluginExecutor("posthog", {
  port: (ports) => ports.posthog,
  service: "PostHog",
  actions: { [postHogActions.capture]: capture, [postHogActions.identifyGroup]: identifyGroup },
});
