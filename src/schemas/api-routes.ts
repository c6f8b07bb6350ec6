import { z } from "zod";
import { importNoticeSchema } from "./bot-import.js";
import { apiTokenSchema, loginInputSchema, newPasswordSchema, signedInSchema } from "./account.js";
import type { RouteName } from "./api-paths.js";
import { chatRouteContracts } from "./chat-routes.js";
import { credentialsRouteContracts } from "./credentials-routes.js";
import { channelRouteContracts } from "./channel-routes.js";
import { webhookCallRouteContracts } from "./webhook-call-routes.js";
import { botIdParams, type RouteContract, route, workspaceIdParams } from "./route-contract.js";
import { teamRouteContracts } from "./team-routes.js";
import { webhookRouteContracts } from "./webhook-routes.js";
import { themeTemplateRouteContracts } from "./theme-template-routes.js";
import { knowledgeRouteContracts } from "./knowledge-routes.js";
import { inboxRouteContracts } from "./inbox-routes.js";
import { botCreateInputSchema, botSchema, botUpdateInputSchema, publishedBotSchema } from "./bot.js";
import { translationsSchema } from "./translations.js";
import { botTestRunSchema, botTestsInputSchema, botTestsSchema } from "./bot-tests.js";
import { booleanQuerySchema, idSchema, messageResponseSchema } from "./common.js";
import { lintFindingsSchema } from "./lint.js";
import { publishInputSchema, versionRouteContracts } from "./bot-versions.js";
import {
  analyticsResponseSchema,
  archiveResultsQuerySchema,
  exportResultsQuerySchema,
  listResultsQuerySchema,
  listResultsResponseSchema,
  resultLogsResponseSchema,
  resultParamsSchema,
  resultSchema,
  analyticsQuerySchema,
  transcriptResponseSchema,
} from "./result.js";
import {
  invitationAcceptedSchema,
  invitationInfoSchema,
  workspaceCreateInputSchema,
  workspaceInvitationSchema,
  workspaceMemberSchema,
  workspaceSchema,
  workspaceUpdateInputSchema,
} from "./workspace.js";

const migrateQuery = z.object({ migrateToLatestVersion: booleanQuerySchema.optional() });

export const botListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  folderId: z.string().nullable(),
  publicId: z.string().nullable(),
  workspaceId: z.string(),
  isClosed: z.boolean(),
  isPublished: z.boolean(),
  /** Published, and the draft differs from the published version. */
  hasUnpublishedChanges: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const health = ["Health"] as const;
const signIn = ["Sign-in"] as const;
const workspaces = ["Workspaces"] as const;
const bots = ["Bots"] as const;
const tokens = ["API tokens"] as const;
const results = ["Results"] as const;
const chat = ["Chat"] as const;

/** Every route of the API, by name (the names the web clients call them by). */
export const apiRoutes = {
  health: route("health", {
    summary: "Health check (also checks the database)",
    tags: health,
    auth: "none",
    response: z.object({ status: z.literal("ok") }),
  }),

  login: route("login", {
    summary: "Sign in with e-mail and password (sets the parley_session cookie)",
    tags: signIn,
    auth: "none",
    body: loginInputSchema,
    response: signedInSchema,
  }),
  logout: route("logout", {
    summary: "Sign out: the session is deleted and the cookie cleared",
    tags: signIn,
    // No CSRF check: SameSite=Lax keeps other sites' posts cookie-less, and the worst a forged
    // sign-out could do is sign someone out.
    auth: "none",
    response: messageResponseSchema,
  }),
  me: route("me", {
    summary: "The signed-in user and the session's CSRF token (401 when not signed in)",
    tags: signIn,
    auth: "none",
    response: signedInSchema,
  }),
  getSetupLink: route("getSetupLink", {
    summary:
      "What a one-time setup link is for, before it is used: the account's e-mail and whether the link still works (400 INVALID_SETUP_LINK for an unknown token)",
    tags: signIn,
    auth: "none",
    query: z.object({ token: z.string().min(1).max(512) }),
    response: z.object({
      state: z.enum(["valid", "used", "expired"]),
      email: z.string().nullable(),
    }),
  }),
  setPassword: route("setPassword", {
    summary: "Set a password with a one-time setup link token (printed at first start or by `parley user setup-link`)",
    tags: signIn,
    auth: "none",
    body: z.object({ token: z.string().min(1).max(512), password: newPasswordSchema }),
    response: messageResponseSchema,
  }),

  getInvitation: route("getInvitation", {
    summary:
      "What an invitation link is for, before it is used: the invited e-mail, the workspace, the role and whether a password must be chosen (400 INVALID_INVITATION for an unknown, used or expired link)",
    tags: signIn,
    auth: "none",
    query: z.object({ token: z.string().min(1).max(512) }),
    response: invitationInfoSchema,
  }),
  acceptInvitation: route("acceptInvitation", {
    summary:
      "Accept one invitation through its link: signed in as the invited account, or (an account without a password yet) with the password chosen now",
    tags: signIn,
    auth: "optional",
    body: z.object({ token: z.string().min(1).max(512), password: newPasswordSchema.optional() }),
    response: invitationAcceptedSchema,
  }),

  createWorkspace: route("createWorkspace", {
    summary: "Create a workspace",
    tags: workspaces,
    auth: "token",
    body: workspaceCreateInputSchema,
    response: z.object({ workspace: workspaceSchema }),
  }),
  listWorkspaces: route("listWorkspaces", {
    summary: "List the caller's workspaces",
    tags: workspaces,
    auth: "token",
    response: z.object({ workspaces: z.array(workspaceSchema) }),
  }),
  getWorkspace: route("getWorkspace", {
    summary: "Read a workspace",
    tags: workspaces,
    auth: "token",
    params: workspaceIdParams,
    response: z.object({ workspace: workspaceSchema }),
  }),
  updateWorkspace: route("updateWorkspace", {
    summary: "Rename a workspace or change its icon (admins only)",
    tags: workspaces,
    auth: "token",
    params: workspaceIdParams,
    body: workspaceUpdateInputSchema,
    response: z.object({ workspace: workspaceSchema }),
  }),
  listMembers: route("listMembers", {
    summary: "List the members of a workspace and its pending invitations, with their roles",
    tags: workspaces,
    auth: "token",
    params: workspaceIdParams,
    response: z.object({
      members: z.array(workspaceMemberSchema),
      invitations: z.array(workspaceInvitationSchema),
    }),
  }),
  createBot: route("createBot", {
    summary: "Create a bot",
    tags: bots,
    auth: "token",
    body: z.object({ workspaceId: idSchema, bot: botCreateInputSchema.optional() }),
    response: z.object({ bot: botSchema }),
  }),
  listBots: route("listBots", {
    summary: "List the bots of a workspace (without their flows)",
    tags: bots,
    auth: "token",
    query: z.object({ workspaceId: idSchema, folderId: idSchema.optional() }),
    response: z.object({ bots: z.array(botListItemSchema) }),
  }),
  getBot: route("getBot", {
    summary: "Read a bot",
    tags: bots,
    auth: "optional",
    params: botIdParams,
    query: migrateQuery,
    response: z.object({ bot: botSchema, currentUserMode: z.enum(["guest", "read", "write"]) }),
  }),
  updateBot: route("updateBot", {
    summary: "Update a bot (omitted fields unchanged, null clears, arrays replace)",
    tags: bots,
    auth: "token",
    params: botIdParams,
    body: z.object({ bot: botUpdateInputSchema, overwrite: z.boolean().optional() }),
    response: z.object({ bot: botSchema }),
  }),
  deleteBot: route("deleteBot", {
    summary: "Delete a bot (archived with its results; its public id is freed)",
    tags: bots,
    auth: "token",
    params: botIdParams,
    response: messageResponseSchema,
  }),
  getPublishedBot: route("getPublishedBot", {
    summary: "Read the published bot",
    tags: bots,
    auth: "token",
    params: botIdParams,
    query: migrateQuery,
    response: z.object({ publishedBot: publishedBotSchema, version: z.string() }),
  }),
  getPublishState: route("getPublishState", {
    summary:
      "Whether the bot is published and whether its draft differs from the published version (never 404: the builder asks before it knows)",
    tags: bots,
    auth: "token",
    params: botIdParams,
    response: z.object({
      isPublished: z.boolean(),
      hasUnpublishedChanges: z.boolean(),
      publishedAt: z.string().nullable(),
    }),
  }),
  publishBot: route("publishBot", {
    summary:
      "Publish the draft as a new immutable version (optionally with a note); the answer lists the publish check's findings (never blocking)",
    tags: bots,
    auth: "token",
    params: botIdParams,
    body: publishInputSchema,
    response: z.object({
      message: z.string(),
      publicId: z.string(),
      findings: lintFindingsSchema,
      versionId: z.string(),
      versionNumber: z.number().int(),
    }),
  }),
  ...versionRouteContracts,
  unpublishBot: route("unpublishBot", {
    summary: "Unpublish a bot",
    tags: bots,
    auth: "token",
    params: botIdParams,
    response: messageResponseSchema,
  }),
  duplicateBot: route("duplicateBot", {
    summary: 'Copy a bot into its workspace ("<name> (copy)", unpublished, without public id)',
    tags: bots,
    auth: "token",
    params: botIdParams,
    response: z.object({ bot: botSchema }),
  }),
  importBot: route("importBot", {
    summary: "Import a bot export: Parley's own, or the reference product's unchanged (schema versions 3 to 6)",
    tags: bots,
    auth: "token",
    body: z.object({ workspaceId: idSchema, bot: z.record(z.string(), z.unknown()) }),
    // The export's public id and custom domain are kept when free; `notices` names those that were not.
    response: z.object({ bot: botSchema, notices: z.array(importNoticeSchema) }),
  }),
  lintBot: route("lintBot", {
    summary: "Check the draft: unreached groups, dead ends, unset variables, missing targets, empty bubbles",
    tags: bots,
    auth: "token",
    // Only reads the bot: guests may run it too.
    access: "read",
    params: botIdParams,
    response: z.object({ findings: lintFindingsSchema }),
  }),
  exportTranslations: route("exportTranslations", {
    summary:
      "The bot's texts for translators as CSV: key, default text, one column per language (rich text as markdown)",
    tags: bots,
    auth: "token",
    params: botIdParams,
    query: z.object({ format: z.enum(["csv"]).optional() }),
    response: z.string().meta({ description: "text/csv" }),
    responseContentType: "text/csv",
  }),
  importTranslations: route("importTranslations", {
    summary:
      "Update the translations from a CSV as exported: filled cells set texts, empty cells remove them; 400 names the faulty row and changes nothing",
    tags: bots,
    auth: "token",
    params: botIdParams,
    rawBody: { contentType: "text/csv", description: "The CSV, as GET /translations?format=csv exports it" },
    response: z.object({ translations: translationsSchema }),
  }),

  createPreviewToken: route("createPreviewToken", {
    summary:
      "A 15-minute token for the builder's sandboxed preview frame: it starts previews of this bot only, nothing else",
    tags: chat,
    auth: "token",
    // Only reads the bot: guests may run it too.
    access: "read",
    params: botIdParams,
    response: z.object({ token: z.string(), expiresAt: z.string() }),
  }),
  getBotTests: route("getBotTests", {
    summary: "Read the bot's conversation tests (YAML; empty when it has none)",
    tags: bots,
    auth: "token",
    params: botIdParams,
    response: botTestsSchema,
  }),
  saveBotTests: route("saveBotTests", {
    summary: "Replace the bot's conversation tests; YAML that would not run is refused (400 with line and field)",
    tags: bots,
    auth: "token",
    params: botIdParams,
    body: botTestsInputSchema,
    response: botTestsSchema,
  }),
  addTestConversation: route("addTestConversation", {
    summary: "Add a conversation at the end of the bot's tests (the builder's Save as test)",
    tags: bots,
    auth: "token",
    params: botIdParams,
    // The server checks the conversation with the test file's own schema (src/http/bot-tests.ts), which still
    // lives with the file's reader in services; here it is only an object.
    body: z.object({ conversation: z.record(z.string(), z.unknown()) }),
    response: botTestsSchema,
  }),
  runBotTests: route("runBotTests", {
    summary: "Run the bot's conversation tests against its draft (integrations answered by fixtures only)",
    tags: bots,
    auth: "token",
    // Only reads the bot: guests may run it too.
    access: "read",
    params: botIdParams,
    response: botTestRunSchema,
  }),

  listTokens: route("listTokens", {
    summary: "List the caller's API tokens (never their values)",
    tags: tokens,
    auth: "token",
    response: z.object({ tokens: z.array(apiTokenSchema) }),
  }),
  createToken: route("createToken", {
    summary: "Create an API token; its value is in this answer only",
    tags: tokens,
    auth: "token",
    body: z.object({ name: z.string().trim().min(1, "Name must not be empty").max(100) }),
    response: z.object({ token: apiTokenSchema.pick({ id: true, name: true, createdAt: true }), value: z.string() }),
  }),
  revokeToken: route("revokeToken", {
    summary: "Revoke one of the caller's API tokens",
    tags: tokens,
    auth: "token",
    params: z.object({ tokenId: idSchema }),
    response: messageResponseSchema,
  }),

  ...chatRouteContracts,
  ...teamRouteContracts,
  ...themeTemplateRouteContracts,
  ...knowledgeRouteContracts,
  ...inboxRouteContracts,
  ...channelRouteContracts,
  ...webhookRouteContracts,

  listResults: route("listResults", {
    summary: "List results, newest first (started, not archived; keyset pages through nextCursor)",
    tags: results,
    auth: "token",
    params: botIdParams,
    query: listResultsQuerySchema,
    response: listResultsResponseSchema,
  }),
  archiveResults: route("archiveResults", {
    summary: "Archive results: those of resultIds (comma-separated), or all when omitted",
    tags: results,
    auth: "token",
    params: botIdParams,
    query: archiveResultsQuerySchema,
    response: messageResponseSchema,
  }),
  exportResults: route("exportResults", {
    summary: "Export the started results of a time window as a CSV file (streamed)",
    tags: results,
    auth: "token",
    params: botIdParams,
    query: exportResultsQuerySchema,
    response: z.string().meta({ description: "text/csv" }),
    responseContentType: "text/csv",
  }),
  getResult: route("getResult", {
    summary: "Read one result",
    tags: results,
    auth: "token",
    params: resultParamsSchema,
    response: z.object({ result: resultSchema }),
  }),
  getTranscript: route("getTranscript", {
    summary: "What the visitor saw and answered, in order",
    tags: results,
    auth: "token",
    params: resultParamsSchema,
    response: transcriptResponseSchema,
  }),
  getResultLogs: route("getResultLogs", {
    summary: "The logs of a result, oldest first",
    tags: results,
    auth: "token",
    params: resultParamsSchema,
    response: resultLogsResponseSchema,
  }),
  getAnalytics: route("getAnalytics", {
    summary:
      "Views, starts, completions and drop-offs per input over a time window; of one version (versionId) or of staging's chats (staging=true) if asked",
    tags: results,
    auth: "token",
    params: botIdParams,
    query: analyticsQuerySchema,
    response: analyticsResponseSchema,
  }),
  ...credentialsRouteContracts,
  ...webhookCallRouteContracts,
} satisfies { [N in RouteName]: RouteContract };

export type ApiRoutes = typeof apiRoutes;

/** A part a call must send, or may leave out when nothing in it is required. */
type Part<K extends string, S> = [S] extends [z.ZodType]
  ? // biome-ignore lint/complexity/noBannedTypes: `{} extends T` is how a type asks "is every field of T optional?".
    {} extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: undefined };

/** What a call sends: the parts its route declares, in the form the caller writes them (zod input). */
export type RouteInput<N extends RouteName> = Part<"params", ApiRoutes[N] extends { params: infer P } ? P : undefined> &
  Part<"query", ApiRoutes[N] extends { query: infer Q } ? Q : undefined> &
  Part<"body", ApiRoutes[N] extends { body: infer B } ? B : undefined>;

/** What a call answers on success. */
export type RouteOutput<N extends RouteName> = z.output<ApiRoutes[N]["response"]>;

export type { AuthMode, RouteContract } from "./route-contract.js";
export { uploadedFileSchema } from "./chat-routes.js";
