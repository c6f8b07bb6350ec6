/**
 * The block catalogue: for every block kind, its category, names, icon, search words, defaults and
 * result-column behaviour, as plain data (no zod). The engine, the chat client and the builder read
 * defaults here; every table over block kinds elsewhere is a `Record<BlockType, …>` (or over one
 * category's types), so a kind missing from any of them does not compile. docs/adding-a-block.md lists them.
 */
import type { BlockType } from "../index.js";
import { bubbleCatalogue } from "./bubbles.js";
import type { BlockCatalogueEntry, BlockCategory } from "./entry.js";
import { inputCatalogue } from "./inputs.js";
import { integrationCatalogue } from "./integrations.js";
import { logicCatalogue } from "./logic.js";

export * from "./entry.js";
export * from "./bubbles.js";
export * from "./inputs.js";
export * from "./logic.js";
export * from "./integrations.js";
export * from "./not-runnable.js";

/** Every block kind, in side-bar order (bubbles, inputs, logic, integrations). */
// Marked pure so bundles that read only defaults (the chat client) leave the entries out.
export const blockCatalogue: Record<BlockType, BlockCatalogueEntry> = /* @__PURE__ */ Object.assign(
  {},
  bubbleCatalogue,
  inputCatalogue,
  logicCatalogue,
  integrationCatalogue,
);

export const blockCategories: readonly BlockCategory[] = ["Bubbles", "Inputs", "Logic", "Integrations"];
