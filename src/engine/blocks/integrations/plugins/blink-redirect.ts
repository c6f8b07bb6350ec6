import type { ActionOutcome, ActionExecutor, ExecutionContext } from "../../executor.js";
import { clientText } from "./client-plugin.js";
import type { PluginBlockOf } from "./plugin-block.js";
import { errorLog } from "../ai/chat-completion.js";

export const blinkRedirectAction = "Redirect";

/** A Blink hub or folder link ends with the folder's id, which Blink's apps open natively. */
const FOLDER_ID = /([a-f0-9-]{36})$/;

/**
 * Blink's "Redirect": inside Blink's mobile apps the client hands the folder to the app (a
 * `blink:folder` deep link); anywhere else it opens the link in a new tab. The flow goes on.
 */
export function runBlinkRedirect(block: PluginBlockOf<"blink">, ctx: ExecutionContext): ActionOutcome {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const url = clientText(block.options?.url, ctx);
  if (!url) return { ...next, logs: [errorLog("Blink Redirect: the URL is missing")] };
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

/** Blink: its `Redirect` action here, every other action by its server-side executor (blink.ts). */
export function withBlinkRedirect(server: ActionExecutor<"blink">): ActionExecutor<"blink"> {
  return {
    kind: "action",
    execute(block, ctx) {
      return block.options?.action === blinkRedirectAction ? runBlinkRedirect(block, ctx) : server.execute(block, ctx);
    },
  };
}
