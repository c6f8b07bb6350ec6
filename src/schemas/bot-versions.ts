import { z } from "zod";
import { publishedBotSchema } from "./bot.js";
import { idSchema } from "./common.js";
import { lintFindingsSchema } from "./lint.js";
import { botIdParams, route } from "./route-contract.js";

const versions = ["Versions"] as const;

export const MAX_VERSIONS_LIMIT = 100;
const NOTE_MAX_LENGTH = 500;
const limitMessage = `limit must be between 1 and ${MAX_VERSIONS_LIMIT}`;

export const versionParams = z.object({ botId: idSchema, versionId: idSchema });

/** A kept publish, without its flow. */
export const botVersionSchema = z.object({
  id: z.string(),
  /** 1, 2, 3… per bot in publish order; numbers of versions removed by retention are not reused. */
  number: z.number().int(),
  publishedAt: z.string(),
  /** The user who published it; null for versions published before versions were recorded. */
  publishedBy: z.string().nullable(),
  note: z.string().nullable(),
  /** The publish check's findings when it was published; null for versions published before they were recorded. */
  findings: lintFindingsSchema.nullable(),
  /** Whether new chats start on this version now. */
  isPublished: z.boolean(),
});

const noteSchema = z.string().trim().max(NOTE_MAX_LENGTH, `note must be at most ${NOTE_MAX_LENGTH} characters`);

export const publishInputSchema = z.object({ note: noteSchema.optional() }).optional();

export const listVersionsQuerySchema = z.object({
  limit: z.coerce
    .number({ message: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(MAX_VERSIONS_LIMIT, limitMessage)
    .default(20),
  /** The nextCursor of the previous page. */
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, "cursor must be the nextCursor of a previous page")
    .optional(),
});

/** What changed in one kind of item (groups, blocks, edges, variables) between two flows. */
const itemChangesSchema = z.object({
  added: z.array(z.object({ id: z.string(), label: z.string() })),
  removed: z.array(z.object({ id: z.string(), label: z.string() })),
  /** Present in both, but different: `fields` names what differs (dot paths into the item). */
  changed: z.array(z.object({ id: z.string(), label: z.string(), fields: z.array(z.string()) })),
});

/** Settings or theme: the dot paths whose value differs (added, removed or changed). */
const pathChangesSchema = z.object({ changed: z.array(z.string()) });

export const versionSideSchema = z.object({
  /** "draft" for the bot's current draft. */
  versionId: z.string(),
  /** null for the draft. */
  number: z.number().int().nullable(),
});

export const botDiffSchema = z.object({
  from: versionSideSchema,
  to: versionSideSchema,
  /** Whether anything differs at all. */
  hasChanges: z.boolean(),
  groups: itemChangesSchema,
  /** Blocks are matched by id wherever they are: a block moved to another group is changed (`groupId`). */
  blocks: itemChangesSchema,
  edges: itemChangesSchema,
  variables: itemChangesSchema,
  settings: pathChangesSchema,
  theme: pathChangesSchema,
});

export const restoreInputSchema = z
  .object({
    /** published (default): a new version with this content becomes the published one; draft: the draft becomes it. */
    to: z.enum(["published", "draft"]).default("published"),
    note: noteSchema.optional(),
  })
  .default({ to: "published" });

/** What a bot's staging id serves; null when the bot has no staging. */
export const stagingSchema = z.object({
  staging: z
    .object({
      /** The private id: its chat page is /{publicId}, its chats start at /api/v1/bots/{publicId}/startChat. */
      publicId: z.string(),
      /** The chat page on this server's PUBLIC_URL. */
      url: z.string(),
      /** versionId "draft" (number null): the draft as saved when each chat starts. */
      serves: versionSideSchema,
    })
    .nullable(),
});

export const setStagingInputSchema = z.object({
  /** A version of this bot, or "draft". */
  versionId: z.union([z.literal("draft"), idSchema]),
});

export const versionRouteContracts = {
  listVersions: route("listVersions", {
    summary: "The bot's published versions, newest first (keyset pages through nextCursor)",
    tags: versions,
    auth: "token",
    params: botIdParams,
    query: listVersionsQuerySchema,
    response: z.object({ versions: z.array(botVersionSchema), nextCursor: z.string().nullable() }),
  }),
  getVersion: route("getVersion", {
    summary: "One published version, with its flow as it was published",
    tags: versions,
    auth: "token",
    params: versionParams,
    response: z.object({ version: botVersionSchema, publishedBot: publishedBotSchema }),
  }),
  diffVersion: route("diffVersion", {
    summary:
      "What changed from this version to another one (to=<versionId>) or to the draft (to=draft, the default): groups, blocks, edges, variables added, removed or changed; settings and theme paths changed",
    tags: versions,
    auth: "token",
    params: versionParams,
    query: z.object({ to: z.union([z.literal("draft"), idSchema]).default("draft") }),
    response: botDiffSchema,
  }),
  restoreVersion: route("restoreVersion", {
    summary:
      "Restore a version: as a new published version with its content (history only grows; running chats finish on theirs), or into the draft",
    tags: versions,
    auth: "token",
    params: versionParams,
    body: restoreInputSchema,
    response: z.object({
      restoredTo: z.enum(["published", "draft"]),
      /** The new published version (null when restored into the draft). */
      version: botVersionSchema.nullable(),
      findings: lintFindingsSchema,
    }),
  }),
  getStaging: route("getStaging", {
    summary: "What the bot's private staging id serves (null: no staging)",
    tags: versions,
    auth: "token",
    params: botIdParams,
    response: stagingSchema,
  }),
  setStaging: route("setStaging", {
    summary:
      "Make the bot's staging id serve a version or the draft (the id is made on first use); its chats' results are marked staging",
    tags: versions,
    auth: "token",
    params: botIdParams,
    body: setStagingInputSchema,
    response: stagingSchema,
  }),
  deleteStaging: route("deleteStaging", {
    summary: "Turn staging off: the staging id stops answering",
    tags: versions,
    auth: "token",
    params: botIdParams,
    response: stagingSchema,
  }),
  promoteStaging: route("promoteStaging", {
    summary: "Publish what staging serves as a new version (running chats finish on theirs)",
    tags: versions,
    auth: "token",
    params: botIdParams,
    body: z.object({ note: noteSchema.optional() }).default({}),
    response: z.object({ version: botVersionSchema, findings: lintFindingsSchema }),
  }),
};
