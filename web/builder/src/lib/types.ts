/**
 * The API's shapes, taken from the server's zod schemas as types only: nothing of zod or the
 * server reaches the browser bundle.
 */
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
export type { Result, TranscriptMessage, Analytics, TimeFilter } from "../../../../src/schemas/result.js";
export type { RichTextNode } from "../../../../src/schemas/blocks/bubbles/text.js";

import type { Bot } from "../../../../src/schemas/bot.js";

/** The parts of a bot the editor changes (and autosaves) as one document. */
export type BotDocument = Pick<Bot, "groups" | "events" | "edges" | "variables" | "theme" | "settings">;

export type User = { id: string; email: string; name?: string | null };

export type Workspace = {
  id: string;
  name: string;
  icon: string | null;
  plan: string;
  createdAt: string;
  updatedAt: string;
};

export type WorkspaceMember = { userId?: string; email: string; name?: string | null; role?: string };

export type BotListItem = {
  id: string;
  name: string;
  icon: string | null;
  publicId: string | null;
  workspaceId: string;
  isClosed: boolean;
  isPublished: boolean;
  createdAt: string;
  updatedAt: string;
};

export type ApiToken = {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt?: string | null;
  revokedAt?: string | null;
};

export type LintFinding = {
  severity: "error" | "warning" | "info" | string;
  blockId?: string;
  groupId?: string;
  message: string;
};
