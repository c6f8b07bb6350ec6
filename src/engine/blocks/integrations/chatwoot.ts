import { chatwootDefaults } from "../../../schemas/blocks/catalogue/integrations.js";
import type { ChatwootBlock } from "../../../schemas/blocks/integrations/chatwoot.js";
import { substituteVariables } from "../../variables/substitute.js";
import type { VariableLike } from "../../variables/types.js";
import type { ActionExecutor } from "../executor.js";

/**
 * Opens (or closes) the Chatwoot widget on the visitor's page through a script the client runs.
 * Every value is written into the script as a JSON literal, so a visitor's answer cannot change
 * the code. Opening needs a live chat: previews get an empty script and an info log.
 */
export const chatwootExecutor: ActionExecutor<"Chatwoot"> = {
  kind: "action",
  execute(block, ctx) {
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    const options = block.options ?? {};
    if ((options.task ?? chatwootDefaults.task) === "Close widget")
      return { ...next, clientSideActions: [chatwootAction(closeScript)] };
    if (ctx.state.mode === "preview" || !ctx.state.resultId)
      return {
        ...next,
        clientSideActions: [chatwootAction("")],
        logs: [{ status: "info", description: "Chatwoot block is not supported in preview" }],
      };
    return { ...next, clientSideActions: [chatwootAction(openScript(options, ctx.state.variables))] };
  },
};

const chatwootAction = (content: string) => ({
  type: "chatwoot",
  chatwoot: { scriptToExecute: { content, args: [] } },
});

const closeScript = `if (window.$chatwoot) {
  window.$chatwoot.toggle("close");
  window.$chatwoot.toggleBubbleVisibility("hide");
}`;

function openScript(options: NonNullable<ChatwootBlock["options"]>, variables: readonly VariableLike[]): string {
  const text = (value: string | undefined) =>
    value ? substituteVariables(value, variables).trim() || undefined : undefined;
  const user = options.user ?? {};
  const email = text(user.email);
  const id = text(user.id);
  const settings = {
    baseUrl: (text(options.baseUrl) ?? chatwootDefaults.baseUrl).replace(/\/+$/, ""),
    websiteToken: text(options.websiteToken) ?? "",
    // Chatwoot identifies a contact by id, else by e-mail; without either the visitor stays anonymous.
    user:
      id || email
        ? {
            identifier: id ?? email,
            attributes: {
              email,
              name: text(user.name),
              avatar_url: text(user.avatarUrl),
              phone_number: text(user.phoneNumber),
            },
          }
        : undefined,
  };
  return `(function () {
  var settings = ${JSON.stringify(settings)};
  function openWidget() {
    if (settings.user) window.$chatwoot.setUser(settings.user.identifier, settings.user.attributes);
    window.$chatwoot.toggle("open");
  }
  if (window.$chatwoot) return openWidget();
  var script = document.createElement("script");
  script.src = settings.baseUrl + "/packs/js/sdk.js";
  script.async = true;
  script.defer = true;
  script.onload = function () {
    window.addEventListener("chatwoot:ready", openWidget, { once: true });
    window.chatwootSDK.run({ websiteToken: settings.websiteToken, baseUrl: settings.baseUrl });
  };
  document.head.appendChild(script);
})();`;
}
