import type { ActionOutcome, ActionExecutor, ExecutionContext } from "../../executor.js";
import { notConfigured, pluginError, pluginOptions, text, type PluginBlock } from "./client-plugin.js";

export const blinkRedirectAction = "Redirect";

/** A Blink hub or folder link ends with the folder's id, which Blink's apps open natively. */
const FOLDER_ID = /([a-f0-9-]{36})$/;

/**
 * Blink's "Redirect": inside Blink's mobile apps the client hands the folder to the app (a
 * `blink:folder` deep link); anywhere else it opens the link in a new tab. The flow goes on.
 */
export function runBlinkRedirect(block: PluginBlock, ctx: ExecutionContext): ActionOutcome {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const url = text(pluginOptions(block, ctx).url);
  if (!url) return { ...next, logs: [pluginError("Blink Redirect: the URL is missing")] };
  const folderId = url.match(FOLDER_ID)?.[1];
  return {
    ...next,
    clientSideActions: [
      {
        type: "blinkRedirect",
        blinkRedirect: { url, ...(folderId ? { deepLink: `blink:folder?action=open&id=${folderId}` } : {}) },
      },
    ],
  };
}

/**
 * Blink's client action. Its server actions (Get Users, Send Feed Event) belong to their own executor,
 * which hands `Redirect` to `runBlinkRedirect`; until then only the redirect runs here.
 */
export const blinkRedirectExecutor: ActionExecutor<"blink"> = {
  kind: "action",
  execute(typed, ctx) {
    const block = typed as PluginBlock;
    const action = (block.options as { action?: unknown } | undefined)?.action;
    return action === blinkRedirectAction ? runBlinkRedirect(block, ctx) : notConfigured("blink", block);
  },
};
