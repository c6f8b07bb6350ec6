import { z } from "zod";
import { variableValueSchema } from "./bot.js";
import { booleanQuerySchema, idSchema } from "./common.js";

export const timeFilters = [
  "today",
  "last7Days",
  "last30Days",
  "monthToDate",
  "lastMonth",
  "yearToDate",
  "allTime",
] as const;
export type TimeFilter = (typeof timeFilters)[number];

export const MAX_RESULTS_LIMIT = 100;
export const DEFAULT_RESULTS_LIMIT = 50;

/** An IANA zone name (or an offset such as "+02:00") that the runtime can compute dates in. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const timeFilterSchema = z.enum(timeFilters).default("last7Days");
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isValidTimeZone, { message: "Unknown time zone: expected an IANA name such as Europe/Paris" })
  .default("UTC");

/** The window shared by the listing, the export and the analytics. */
export const timeWindowQuerySchema = z.object({ timeFilter: timeFilterSchema, timeZone: timeZoneSchema });

/** Which results the listing and the analytics count: one version's, and staging's or visitors'. */
export const resultScopeQuerySchema = z.object({
  /** Only the results of chats that ran on this published version (GET /v1/bots/{botId}/versions). */
  versionId: idSchema.optional(),
  /** true: only the results of chats on the bot's staging id; false (default): only visitors'. */
  staging: booleanQuerySchema.optional(),
});

/** The analytics' query: the window, and optionally one version's or staging's results. */
export const analyticsQuerySchema = timeWindowQuerySchema.merge(resultScopeQuerySchema);
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

const limitMessage = `limit must be between 1 and ${MAX_RESULTS_LIMIT}`;

export const listResultsQuerySchema = analyticsQuerySchema.extend({
  limit: z.coerce
    .number({ message: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(MAX_RESULTS_LIMIT, limitMessage)
    .default(DEFAULT_RESULTS_LIMIT),
  cursor: z.string().min(1).max(512).optional(),
  /**
   * true: the answer also gives `ranOn`, by result id, the version each chat ran on (the Result resource
   * keeps the reference's shape, so the version is not one of its fields).
   */
  withRanOn: booleanQuerySchema.optional(),
});
export type ListResultsQuery = z.output<typeof listResultsQuerySchema>;

export const exportResultsQuerySchema = timeWindowQuerySchema.extend({ format: z.enum(["csv"]).default("csv") });

export const archiveResultsQuerySchema = z.object({
  /** Comma-separated ids; omitted archives every result of the bot. */
  resultIds: z
    .string()
    .max(20_000)
    .transform((value) => [
      ...new Set(
        value
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .optional(),
});

export const answerSchema = z.object({
  blockId: z.string(),
  content: z.string(),
  attachedFileUrls: z.array(z.string()),
});

export const resultVariableSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: variableValueSchema.optional(),
});

/** The Result resource of the spec. */
export const resultSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  botId: z.string(),
  variables: z.array(resultVariableSchema),
  isCompleted: z.boolean(),
  hasStarted: z.boolean(),
  isArchived: z.boolean(),
  lastChatSessionId: z.string().optional(),
  answers: z.array(answerSchema),
  /** The chat's latest hand-off to a person; absent when it never reached one. */
  handOff: z
    .object({
      status: z.enum(["waiting", "taken", "handed_back", "closed", "timed_out"]),
      operatorName: z.string().nullable(),
    })
    .optional()
    .describe("The chat's latest hand-off to a person (Parley's own field); absent when it had none"),
});
export type Result = z.infer<typeof resultSchema>;

export const resultParamsSchema = z.object({ botId: idSchema, resultId: idSchema });

export const transcriptMessageSchema = z.object({
  /** `operator`: a person of the workspace who had the chat (hand-off), named in `name`. */
  role: z.enum(["bot", "user", "operator"]),
  /**
   * `idle`: the visitor left the question before it unanswered past its idle timeout; `text` says how long.
   * `joined`, `handedBack`, `closed`, `noOperator`: how a hand-off went, `text` as a sentence.
   */
  type: z
    .enum(["text", "image", "video", "audio", "embed", "idle", "joined", "handedBack", "closed", "noOperator"])
    .describe(
      "`idle`: the question before was left unanswered past its idle timeout; `text` says how long. `joined`, `handedBack`, `closed`, `noOperator`: how a hand-off to a person went",
    ),
  /** The operator's display name (role `operator`). */
  name: z.string().optional(),
  text: z.string().optional(),
  image: z.string().optional(),
  video: z.string().optional(),
  audio: z.string().optional(),
  embed: z.string().optional(),
});
export type TranscriptMessage = z.infer<typeof transcriptMessageSchema>;

/** The flow a result's chat ran on. */
export const ranOnSchema = z.object({
  /** The version's id; null for a result from before versions were recorded. */
  versionId: z.string().nullable(),
  /** The version's number; null when that version is gone (retention) or was staging's copy of the draft. */
  number: z.number().int().nullable(),
  /** Whether the chat ran on the bot's staging id. */
  isStaging: z.boolean(),
});
export type RanOn = z.infer<typeof ranOnSchema>;

export const listResultsResponseSchema = z.object({
  results: z.array(resultSchema),
  /** Absent on the last page. */
  nextCursor: z.string().optional(),
  /** Asked for with `withRanOn=true`: what each listed result's chat ran on, by result id. */
  ranOn: z.record(z.string(), ranOnSchema).optional(),
});
export type ListResultsResponse = z.infer<typeof listResultsResponseSchema>;

/** A team's internal note on a hand-off: never part of the chat. */
export const transcriptNoteSchema = z.object({
  handoffId: z.string(),
  name: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type TranscriptNote = z.infer<typeof transcriptNoteSchema>;

export const transcriptResponseSchema = z.object({
  transcript: z.array(transcriptMessageSchema),
  /** Internal notes operators left during hand-offs, apart from the chat. */
  notes: z.array(transcriptNoteSchema),
  ranOn: ranOnSchema,
});

export const resultLogSchema = z.object({
  status: z.string(),
  description: z.string(),
  details: z.unknown().optional(),
  context: z.string().optional(),
  createdAt: z.string(),
});
export const resultLogsResponseSchema = z.object({ logs: z.array(resultLogSchema) });

export const analyticsResponseSchema = z.object({
  views: z.number().int(),
  starts: z.number().int(),
  completions: z.number().int(),
  dropOffs: z.array(z.object({ blockId: z.string(), total: z.number().int() })),
  /** Inputs left unanswered past their idle timeout (the idle path was taken), per block, most first. */
  idleTimeouts: z
    .array(z.object({ blockId: z.string(), total: z.number().int() }))
    .describe("How many times each input's idle timeout ran out (its idle path was taken) in the window's results"),
  handOffs: z
    .object({
      total: z.number().int(),
      taken: z.number().int(),
      /** From the hand-off to an operator taking the chat, over the chats taken. */
      waitToTakeSeconds: z.object({ average: z.number().nullable(), median: z.number().nullable() }),
      /** From the hand-off to the operator's first message, over the chats that got one. */
      firstReplySeconds: z.object({ average: z.number().nullable(), median: z.number().nullable() }),
    })
    .describe(
      "Hand-offs to a person in the window's results: how many, how many an operator took, the wait until taken and until the operator's first message (seconds; null without any)",
    ),
});
export type Analytics = z.infer<typeof analyticsResponseSchema>;
