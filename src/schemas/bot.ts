import { z } from "zod";
import { blockSchema } from "./blocks/index.js";
import { settingsSchema } from "./settings.js";
import { themeSchema } from "./theme.js";
import { translationsSchema } from "./translations.js";
import { LATEST_BOT_VERSION } from "./upgrade.js";

export * from "./theme.js";
export * from "./settings.js";
export * from "./translations.js";

export const graphCoordinatesSchema = z.object({ x: z.number(), y: z.number() });
export type GraphCoordinates = z.infer<typeof graphCoordinatesSchema>;

/** Values are only ever text, a list of texts, or null; anything else is stringified on write. */
export const variableValueSchema = z.union([z.string(), z.array(z.string().nullable())]).nullable();
export type VariableValue = z.infer<typeof variableValueSchema>;

export const variableSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Lives only in the session, never saved with the result. */
    isSessionVariable: z.boolean().optional(),
    value: variableValueSchema.optional(),
  })
  .meta({ id: "Variable" });
export type Variable = z.infer<typeof variableSchema>;

export const blockSourceSchema = z.object({
  blockId: z.string(),
  itemId: z.string().optional(),
  pathId: z.string().optional(),
});
export const eventSourceSchema = z.object({ eventId: z.string() });

/**
 * `from` is editor metadata; routing only follows `outgoingEdgeId` to the edge and then `to`.
 * `to.blockId` enters a group in the middle.
 */
export const edgeSchema = z
  .object({
    id: z.string(),
    from: z.union([blockSourceSchema, eventSourceSchema]),
    to: z.object({
      groupId: z.string(),
      blockId: z.string().optional(),
    }),
  })
  .meta({ id: "Edge" });
export type Edge = z.infer<typeof edgeSchema>;

export const groupSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    graphCoordinates: graphCoordinatesSchema,
    blocks: z.array(blockSchema),
  })
  .meta({ id: "Group" });
export type Group = z.infer<typeof groupSchema>;

const eventBaseSchema = z.object({
  id: z.string(),
  outgoingEdgeId: z.string().optional(),
  graphCoordinates: graphCoordinatesSchema,
});

export const startEventSchema = eventBaseSchema.extend({ type: z.literal("start") });
export const commandEventSchema = eventBaseSchema.extend({
  type: z.literal("command"),
  options: z
    .object({
      command: z.string().optional(),
      /** Come back to the interrupted input once the command's flow ends. */
      resumeAfter: z.boolean().optional(),
    })
    .optional(),
});
const replyEventOptionsSchema = z.object({
  contentVariableId: z.string().optional(),
  inputNameVariableId: z.string().optional(),
  inputTypeVariableId: z.string().optional(),
});
export const replyEventSchema = eventBaseSchema.extend({
  type: z.literal("reply"),
  options: replyEventOptionsSchema.optional(),
});
export const invalidReplyEventSchema = eventBaseSchema.extend({
  type: z.literal("invalidReply"),
  options: replyEventOptionsSchema.optional(),
});

export const eventSchema = z
  .discriminatedUnion("type", [startEventSchema, commandEventSchema, replyEventSchema, invalidReplyEventSchema])
  .meta({ id: "Event" });
/** Events other than start, which can be added any number of times. */
export const draggableEventSchema = z.discriminatedUnion("type", [
  commandEventSchema,
  replyEventSchema,
  invalidReplyEventSchema,
]);
/** The start event comes first and is the only one. */
export const eventsSchema = z.tuple([startEventSchema], draggableEventSchema);

export type BotEvent = z.infer<typeof eventSchema>;
export type StartEvent = z.infer<typeof startEventSchema>;
export type CommandEvent = z.infer<typeof commandEventSchema>;
export type ReplyEvent = z.infer<typeof replyEventSchema>;
export type InvalidReplyEvent = z.infer<typeof invalidReplyEventSchema>;
export type DraggableEvent = z.infer<typeof draggableEventSchema>;

export const resultsTablePreferencesSchema = z.object({
  columnsOrder: z.array(z.string()),
  columnsVisibility: z.record(z.string(), z.boolean()),
  columnsWidth: z.record(z.string(), z.number()),
});
export type ResultsTablePreferences = z.infer<typeof resultsTablePreferencesSchema>;

/** What the engine runs: the flow, its variables, theme and settings. */
export const botDocumentSchema = z.object({
  version: z.literal(LATEST_BOT_VERSION),
  groups: z.array(groupSchema),
  events: eventsSchema,
  edges: z.array(edgeSchema),
  variables: z.array(variableSchema),
  theme: themeSchema,
  settings: settingsSchema,
  /** Texts in the languages of `settings.languages` other than the default (absent: none). */
  translations: translationsSchema.optional(),
});
export type BotDocument = z.infer<typeof botDocumentSchema>;

/** Paths of the builder and the server at the root: a public page there would never be reached. */
export const RESERVED_PUBLIC_IDS: readonly string[] = [
  "api",
  "login",
  "logout",
  "setup",
  "bots",
  "workspaces",
  "settings",
  "inbox",
  "assets",
  "embed.js",
  "embed.css",
  "files",
  "favicon.ico",
  "robots.txt",
  "health",
];

export const publicIdSchema = z
  .string()
  .max(255, { error: "publicId must be at most 255 characters long" })
  .regex(/^(?!.*--)[a-z0-9][a-z0-9-]*$/, {
    error: "publicId may only contain lowercase letters, digits and single hyphens, and must not start with a hyphen",
  })
  .refine((publicId) => !RESERVED_PUBLIC_IDS.includes(publicId), {
    error: (issue) => `publicId "${String(issue.input)}" is reserved for Parley's own pages; choose another one`,
  });

export const customDomainSchema = z
  .string()
  .regex(/^(?:(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,}(?:\/[\w\-/]*)?)$/, {
    error: "customDomain must be a domain name, optionally followed by a path",
  });

/** The Bot resource: every field present, null where unset. */
export const botSchema = z
  .object({
    version: z.literal(LATEST_BOT_VERSION),
    id: z.string(),
    name: z.string(),
    events: eventsSchema,
    groups: z.array(groupSchema),
    edges: z.array(edgeSchema),
    variables: z.array(variableSchema),
    theme: themeSchema,
    selectedThemeTemplateId: z.string().nullable(),
    settings: settingsSchema,
    /** Always sent (`{}` without any); optional so that resources written before languages existed still parse. */
    translations: translationsSchema.optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    icon: z.string().nullable(),
    folderId: z.string().nullable(),
    publicId: z.string().nullable(),
    customDomain: z.string().nullable(),
    workspaceId: z.string(),
    resultsTablePreferences: resultsTablePreferencesSchema.nullable(),
    isArchived: z.boolean(),
    isClosed: z.boolean(),
    chatAppCredentialsId: z.string().nullable(),
    riskLevel: z.number().nullable(),
  })
  .meta({ id: "Bot" });
export type Bot = z.infer<typeof botSchema>;

/** Fields a client may set when creating a bot; fields the resource allows to be null accept null. */
export const botCreateInputSchema = z.object({
  name: z.string().optional(),
  icon: z.string().nullish(),
  selectedThemeTemplateId: z.string().nullish(),
  groups: z.array(groupSchema).optional(),
  events: eventsSchema.optional(),
  theme: themeSchema.optional(),
  settings: settingsSchema.optional(),
  translations: translationsSchema.optional(),
  folderId: z.string().nullish(),
  variables: z.array(variableSchema).optional(),
  edges: z.array(edgeSchema).optional(),
  resultsTablePreferences: resultsTablePreferencesSchema.nullish(),
  publicId: publicIdSchema.nullish(),
  customDomain: customDomainSchema.nullish(),
  /** The WhatsApp or Telegram credentials of the workspace the bot answers on (its "Messaging apps" setting). */
  chatAppCredentialsId: z.string().nullish(),
});
export type BotCreateInput = z.infer<typeof botCreateInputSchema>;

/** A partial update: omitted fields stay as they are, null clears a nullable field. */
export const botUpdateInputSchema = botCreateInputSchema.extend({
  /** Both spellings of schema v6 are accepted; the stored document is always upgraded first. */
  version: z.enum(["6", "6.1"]).optional(),
  isClosed: z.boolean().optional(),
  riskLevel: z.number().nullish(),
  /** The `updatedAt` the client last read; a much newer stored one means a conflicting edit. */
  updatedAt: z.iso.datetime({ offset: true }).optional(),
});
export type BotUpdateInput = z.infer<typeof botUpdateInputSchema>;

export const publishedBotSchema = z
  .object({
    id: z.string(),
    version: z.literal(LATEST_BOT_VERSION),
    createdAt: z.string(),
    updatedAt: z.string(),
    botId: z.string(),
    groups: z.array(groupSchema),
    events: eventsSchema,
    edges: z.array(edgeSchema),
    variables: z.array(variableSchema),
    theme: themeSchema,
    settings: settingsSchema,
    translations: translationsSchema.optional(),
  })
  .meta({ id: "PublishedBot" });
export type PublishedBot = z.infer<typeof publishedBotSchema>;
