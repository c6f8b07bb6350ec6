import { setVariableDefaults } from "../../../schemas/blocks/catalogue/logic.js";
import type { SetVariableBlock } from "../../../schemas/blocks/logic/set-variable.js";
import type { ClientSideAction } from "../../../schemas/chat.js";
import { serializeVariableValue } from "../../variables/serialize.js";
import type { ActionExecutor, ExecutionContext } from "../executor.js";
import { codeWithArgs } from "./code.js";
import { deviceTypeScript, momentOfTheDayScript } from "./set-variable/client-scripts.js";
import { customValue, type ValueOutcome } from "./set-variable/custom.js";
import { dateValue } from "./set-variable/dates.js";
import { appended, itemAtSameIndex, removedItem } from "./set-variable/lists.js";
import { templateText } from "../inline-code.js";
import { transcriptInlineTexts, transcriptText } from "./set-variable/transcript.js";

type Options = NonNullable<SetVariableBlock["options"]>;

const variableValue = (ctx: ExecutionContext, id: string | undefined) =>
  id ? ctx.state.variables.find((variable) => variable.id === id)?.value : undefined;
const set = (id: string, value: unknown): ValueOutcome => ({
  variables: [{ id, value: serializeVariableValue(value) }],
});
const nothing: ValueOutcome = { variables: [] };

/** The script the browser runs when the value can only be known there; undefined for server-side kinds. */
function clientScript(options: Options, ctx: ExecutionContext): Record<string, unknown> | undefined {
  const type = options.type ?? setVariableDefaults.type;
  if (type === "Device type") return { content: deviceTypeScript, args: [] };
  if (type === "Moment of the day") return { content: momentOfTheDayScript, args: [] };
  if (
    type !== "Custom" ||
    !(options.isExecutedOnClient ?? setVariableDefaults.isExecutedOnClient) ||
    !options.expressionToEvaluate
  )
    return undefined;
  return {
    ...codeWithArgs(options.expressionToEvaluate, ctx.state.variables),
    isCode: options.isCode ?? setVariableDefaults.isCode,
    ...(options.isUnsafe ? { isUnsafe: true } : {}),
  };
}

async function serverValue(options: Options, variableId: string, ctx: ExecutionContext): Promise<ValueOutcome> {
  const type = options.type ?? setVariableDefaults.type;
  switch (type) {
    case "Custom":
      return customValue(options, variableId, ctx);
    case "Empty":
      return set(variableId, null);
    case "Append value(s)":
      return set(variableId, appended(variableValue(ctx, variableId), templateText(options.item ?? "", ctx)));
    case "Environment name":
      return set(variableId, ctx.state.chatApp?.channel ?? "web");
    // A messaging app's contact: the WhatsApp number or Telegram user id, and the name the app shows.
    case "Phone number":
      return ctx.state.chatApp ? set(variableId, ctx.state.chatApp.contactId) : nothing;
    case "Contact name":
      return ctx.state.chatApp?.contactName ? set(variableId, ctx.state.chatApp.contactName) : nothing;
    case "Transcript":
      return set(variableId, transcriptText(ctx));
    case "User ID":
    case "Result ID":
      // A preview has no result: a fresh id stands in, as the reference does.
      return set(variableId, ctx.state.resultId ?? ctx.ports.random.id());
    case "Random ID":
      return set(variableId, ctx.ports.random.id());
    case "Now":
    case "Today":
    case "Yesterday":
    case "Tomorrow": {
      const date = dateValue(
        type,
        ctx.ports.clock.now(),
        options.timeZone ? templateText(options.timeZone, ctx) : undefined,
      );
      return { ...set(variableId, date.value), ...(date.log ? { logs: [date.log] } : {}) };
    }
    case "Map item with same index": {
      const params = options.mapListItemParams;
      const item = itemAtSameIndex(
        variableValue(ctx, params?.baseItemVariableId),
        variableValue(ctx, params?.baseListVariableId),
        variableValue(ctx, params?.targetListVariableId),
      );
      return item === undefined ? nothing : set(variableId, item);
    }
    case "Pop":
    case "Shift":
      return { variables: removedItem(type, variableId, variableValue(ctx, variableId), options.saveItemInVariableId) };
    // Messaging-channel values (and the client-only kinds, already handled): nothing on the web.
    case "Device type":
    case "Moment of the day":
    case "Referral Click ID":
    case "Referral Source ID":
      return nothing;
  }
}

/**
 * Set variable: computes one value kind and writes it. Kinds only the browser knows (device type,
 * moment of the day, Custom code marked "execute on client") become a `setVariable` action; the
 * client's answer arrives in `resume` and becomes the value.
 */
export const setVariableExecutor: ActionExecutor<"Set variable"> = {
  kind: "action",
  evaluatesInlineCode: true,
  moreInlineTexts: (block, ctx) => (block.options?.type === "Transcript" ? transcriptInlineTexts(ctx) : []),
  async execute(block, ctx) {
    const edge = { outgoingEdgeId: block.outgoingEdgeId };
    const options = block.options;
    const variableId = options?.variableId;
    if (!options || !variableId || !ctx.state.variables.some((variable) => variable.id === variableId)) return edge;
    const script = clientScript(options, ctx);
    if (script) {
      const action: ClientSideAction = {
        type: "setVariable",
        setVariable: { scriptToExecute: script },
        expectsDedicatedReply: true,
      };
      return { ...edge, clientSideActions: [action] };
    }
    const outcome = await serverValue(options, variableId, ctx);
    return { ...edge, variables: outcome.variables, ...(outcome.logs ? { logs: outcome.logs } : {}) };
  },
  resume(block, reply) {
    const edge = { outgoingEdgeId: block.outgoingEdgeId };
    const variableId = block.options?.variableId;
    if (!variableId || reply === undefined) return edge;
    return { ...edge, variables: [{ id: variableId, value: serializeVariableValue(parseReply(reply)) }] };
  },
};

/** The client answers with the script's result as text: JSON when it is JSON, else the text itself. */
function parseReply(reply: string): unknown {
  try {
    return JSON.parse(reply);
  } catch {
    return reply;
  }
}
