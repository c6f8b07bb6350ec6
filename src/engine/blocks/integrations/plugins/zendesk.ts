import type { ActionExecutor } from "../../executor.js";
import { integrationScope } from "../integration-scope.js";
import { clientText } from "./client-plugin.js";
import { notConfigured } from "./plugin-block.js";
import { errorLog } from "../ai/chat-completion.js";

export const zendeskActions = { openWebWidget: "Open Web Widget" } as const;

/**
 * Zendesk's "Open Web Widget": the client loads Zendesk's messaging widget and opens it, logging the
 * visitor in with a token signed on the server (the secret never leaves it) when a user id is set.
 * The flow does not wait for the widget.
 */
export const zendeskExecutor: ActionExecutor<"zendesk"> = {
  kind: "action",
  async execute(block, ctx) {
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    const options = block.options ?? {};
    const text = (value: string | undefined) => clientText(value, ctx);
    // Its only action: a block whose action is unset (or blank) opens the widget too.
    if ((text(options.action) ?? zendeskActions.openWebWidget) !== zendeskActions.openWebWidget)
      return notConfigured("zendesk", block);
    const credentialsId = text(options.credentialsId);
    const port = ctx.ports.zendesk;
    if (!credentialsId || !port) return { ...next, logs: [errorLog("Could not find credentials for block zendesk")] };
    const key = text(options.webWidgetKey);
    if (!key) return { ...next, logs: [errorLog("Zendesk: the web widget key is missing")] };
    const userId = text(options.userId);
    const user = userId ? { externalId: userId, name: text(options.name), email: text(options.email) } : undefined;
    const opened = await port.openWidget({ credentialsId, user }, integrationScope(ctx));
    if (!opened.ok) return { ...next, logs: [errorLog(opened.error)] };
    const url = new URL(opened.widgetUrl);
    url.searchParams.set("key", key);
    return {
      ...next,
      clientSideActions: [
        {
          type: "zendesk",
          zendesk: { widgetUrl: url.toString(), ...(opened.userToken ? { userToken: opened.userToken } : {}) },
        },
      ],
    };
  },
};
