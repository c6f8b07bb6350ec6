import {
  blinkActions,
  blinkUserFields,
  type BlinkOptions,
} from "../../../../schemas/blocks/integrations/plugins/blink.js";
import type { BlinkPort } from "../../../ports.js";
import type { VariableUpdate } from "../../executor.js";
import { blinkSections } from "./blink-sections.js";
import {
  filled,
  missingLog,
  type PluginAction,
  serviceEffect,
  servicePluginExecutor,
  serviceFailureLog,
  variableUpdate,
} from "./plugin-kit.js";

type Action = PluginAction<BlinkOptions, BlinkPort>;

/** The user field a mapping's label names ("Emails" → `email`). */
const userFieldOf = (label: string | undefined) =>
  Object.entries(blinkUserFields).find(([, fieldLabel]) => fieldLabel === label)?.[0];

/** Get Users: the users the filter names (all of them when its id is empty), their fields into variables. */
const getUsers: Action = async (options, { port, credentialsId, scope, ctx }) => {
  const filter = options.filter;
  if (!filter?.type) return { logs: [missingLog("No filter provided")] };
  const employeeId = filter.type === "Employee ID" ? filled(filter.employeeId) : undefined;
  const userId = filter.type === "User ID" ? filled(filter.userId) : undefined;
  const query: Record<string, string> = employeeId ? { employeeId } : userId ? { userId } : {};
  const found = await port.getUsers({ credentialsId, query }, scope);
  if (!found.ok) return { logs: [serviceFailureLog(found, "While searching Blink users")] };
  const variables: VariableUpdate[] = [];
  for (const mapping of options.responseMapping ?? []) {
    const field = userFieldOf(mapping.item);
    if (!field) continue;
    const values = found.users.flatMap((user) => (user[field] === undefined ? [] : [user[field]]));
    if (!values.length) continue;
    const update = variableUpdate(ctx, mapping.variableId, values.length > 1 ? values : values[0]);
    if (update) variables.push(update);
  }
  return { variables };
};

const SEND_CONTEXT = "While sending Blink feed event";

/** Send Feed Event: a card to users or groups; the event's id into the mapped variables. */
const sendFeedEvent: Action = async (options, { port, credentialsId, scope, ctx }) => {
  const userIds = (options.userIds ?? []).filter((id) => filled(id));
  const groupIds = (options.groupIds ?? []).filter((id) => filled(id));
  if (!userIds.length && !groupIds.length)
    return { logs: [missingLog("You must supply at least one user ID or group ID.")] };
  if (!options.sections?.length) return { logs: [missingLog("No card content provided.")] };
  const { sections, logs } = await blinkSections(options.sections, port);
  const body = {
    body: { ribbon_color: filled(options.ribbonColor), sections },
    category: filled(options.categoryId),
    ...(userIds.length ? { user_ids: userIds } : {}),
    ...(groupIds.length ? { group_ids: groupIds } : {}),
    notification_title: filled(options.pushNotification?.title),
    notification_text: filled(options.pushNotification?.text),
    allow_comments: options.allowComments,
    allow_reactions: options.allowReactions,
  };
  const readsEventId = (options.responseMapping ?? []).some(
    (mapping) => variableUpdate(ctx, mapping.variableId, "") !== undefined,
  );
  // Nothing of the answer is kept: the event is posted once the turn is saved.
  if (!readsEventId) {
    const effect = serviceEffect("blink.sendFeedEvent", { credentialsId, body }, { scope, ctx }, SEND_CONTEXT);
    return { ...effect, logs };
  }
  // The flow reads the new event's id: posted now, within the turn's deadline.
  const sent = await port.sendFeedEvent({ credentialsId, body }, scope);
  if (!sent.ok) return { logs: [...logs, serviceFailureLog(sent, SEND_CONTEXT)] };
  const variables = (options.responseMapping ?? []).flatMap((mapping) => {
    const update = sent.eventId === undefined ? undefined : variableUpdate(ctx, mapping.variableId, sent.eventId);
    return update ? [update] : [];
  });
  return { variables, logs };
};

/**
 * Blink's server actions. Its `Redirect` action runs in the visitor's browser (a client action), so
 * it is not in this table.
 */
export const blinkServerActions: Record<string, Action> = {
  [blinkActions.getUsers]: getUsers,
  [blinkActions.sendFeedEvent]: sendFeedEvent,
};

/** Blink: find users and post feed events with an app token. */
export const blinkExecutor = servicePluginExecutor("blink", {
  port: (ports) => ports.blink,
  service: "Blink",
  actions: blinkServerActions,
});
