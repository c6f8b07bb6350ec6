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

export const jumpDefaults = {} as const;

export const returnDefaults = {} as const;

/** Logic kinds in side-bar order. */
export const logicCatalogue: Record<LogicBlockType, BlockCatalogueEntry> = {
  "Set variable": logicEntry("Set variable", "x", "assign value", setVariableDefaults),
  Condition: logicEntry("Condition", "⋔", "if else branch", conditionDefaults),
  Redirect: logicEntry("Redirect", "↗", "url open link", redirectDefaults),
  Code: logicEntry("Script", "{}", "javascript code", codeDefaults),
  "Bot link": logicEntry("Bot link", "⇉", "typebot link other bot", botLinkDefaults),
  Wait: logicEntry("Wait", "⋯", "delay pause", waitDefaults),
  "AB test": logicEntry("AB test", "⚖", "split random", abTestDefaults),
  webhook: logicEntry("Webhook", "⇠", "wait incoming http", webhookDefaults),
  Jump: logicEntry("Jump", "↷", "go to group", jumpDefaults),
  Return: logicEntry("Return", "↶", "back", returnDefaults),
};
