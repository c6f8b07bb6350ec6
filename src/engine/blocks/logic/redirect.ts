import { substituteVariables } from "../../variables/substitute.js";
import type { ActionExecutor } from "../executor.js";

const allowedProtocols = new Set(["http:", "https:", "mailto:", "tel:"]);

/** Only web, mail and phone links: a `javascript:` URL from a variable must never reach a visitor's browser. */
export function safeRedirectUrl(raw: string): string | undefined {
  const url = raw.trim();
  if (!url) return undefined;
  const withProtocol = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  try {
    return allowedProtocols.has(new URL(withProtocol).protocol) ? withProtocol : undefined;
  } catch {
    return undefined;
  }
}

export const redirectExecutor: ActionExecutor<"Redirect"> = {
  kind: "action",
  execute(block, ctx) {
    if (!block.options?.url) return { outgoingEdgeId: block.outgoingEdgeId };
    const url = safeRedirectUrl(substituteVariables(block.options.url, ctx.state.variables));
    if (!url)
      return {
        outgoingEdgeId: block.outgoingEdgeId,
        logs: [
          { status: "error", description: "Redirect URL is not allowed: only http, https, mailto and tel links are" },
        ],
      };
    return {
      outgoingEdgeId: block.outgoingEdgeId,
      clientSideActions: [{ type: "redirect", redirect: { url, isNewTab: block.options.isNewTab ?? false } }],
    };
  },
};
