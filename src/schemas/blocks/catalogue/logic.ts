import type { LogicBlockType } from "../index.js";
import { logicEntry, type BlockCatalogueEntry } from "./entry.js";

export const setVariableDefaults = {
  type: "Custom",
  isExecutedOnClient: false,
  isCode: false,
} as const;

export const conditionDefaults = {
  logicalOperator: "AND",
} as const;

export const redirectDefaults = {
  isNewTab: false,
} as const;

export const codeDefaults = {
  name: "Script",
  isExecutedOnClient: true,
} as const;

export const botLinkDefaults = {
  mergeResults: false,
} as const;

export const waitDefaults = {
  shouldPause: false,
} as const;

export const abTestDefaults = {
  aPercent: 50,
} as const;

export const webhookDefaults = {} as const;

export const handOffDefaults = {
  waitingMessage: "Connecting you with a person…",
  displayOperatorName: true,
} as const;

export const jumpDefaults = {} as const;

export const returnDefaults = {} as const;

/**
 * Logic kinds in side-bar order. Calls are marked pure so the chat client's bundle, which reads only
 * defaults, leaves the entries out.
 */
export const logicCatalogue: Record<LogicBlockType, BlockCatalogueEntry> = {
  "Set variable": /* @__PURE__ */ logicEntry("Set variable", "x", "assign value", setVariableDefaults),
  Condition: /* @__PURE__ */ logicEntry("Condition", "⋔", "if else branch", conditionDefaults),
  Redirect: /* @__PURE__ */ logicEntry("Redirect", "↗", "url open link", redirectDefaults),
  Code: /* @__PURE__ */ logicEntry("Script", "{}", "javascript code", codeDefaults),
  "Bot link": /* @__PURE__ */ logicEntry("Bot link", "⇉", "typebot link other bot", botLinkDefaults),
  Wait: /* @__PURE__ */ logicEntry("Wait", "⋯", "delay pause", waitDefaults),
  "AB test": /* @__PURE__ */ logicEntry("AB test", "⚖", "split random", abTestDefaults),
  webhook: /* @__PURE__ */ logicEntry("Webhook", "⇠", "wait incoming http", webhookDefaults),
  "hand off": /* @__PURE__ */ logicEntry(
    "Hand off to a person",
    "☎",
    "human operator agent takeover inbox",
    handOffDefaults,
  ),
  Jump: /* @__PURE__ */ logicEntry("Jump", "↷", "go to group", jumpDefaults),
  Return: /* @__PURE__ */ logicEntry("Return", "↶", "back", returnDefaults),
};
