/**
 * The API's shapes, taken from the server's zod schemas and route contracts as types only: nothing of
 * zod or the server reaches the browser bundle.
 */
import type { RouteOutput } from "../../../shared/api-client.js";

export type {
  Bot,
  Edge,
  Group,
  Variable,
  BotEvent,
  Theme,
  Settings,
  GraphCoordinates,
  ResultsTablePreferences,
} from "../../../../src/schemas/bot.js";
export type { Block, BlockType, BlockItem, Condition, Comparison } from "../../../../src/schemas/blocks/index.js";
export type {
  Result,
  TranscriptMessage,
  TranscriptNote,
  Analytics,
  RanOn,
  TimeFilter,
} from "../../../../src/schemas/result.js";
export type { RichTextNode } from "../../../../src/schemas/blocks/bubbles/text.js";

import type { Bot } from "../../../../src/schemas/bot.js";

/** The parts of a bot the editor changes (and autosaves) as one document. */
export type BotDocument = Pick<Bot, "groups" | "events" | "edges" | "variables" | "theme" | "settings"> & {
  /** Texts in the bot's other languages (absent in documents made before languages existed). */
  translations?: Bot["translations"];
};

export type User = RouteOutput<"me">["user"];
export type Workspace = RouteOutput<"getWorkspace">["workspace"];
export type WorkspaceMember = RouteOutput<"listMembers">["members"][number];
export type BotListItem = RouteOutput<"listBots">["bots"][number];
export type ApiToken = RouteOutput<"listTokens">["tokens"][number];
export type LintFinding = RouteOutput<"lintBot">["findings"][number];
export type Folder = RouteOutput<"listFolders">["folders"][number];
