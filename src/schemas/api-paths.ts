/**
 * Where each API route lives, by name: "METHOD /path/:param". Plain data without zod, so that the web
 * clients can bundle it; the route contracts (api-routes.ts) and the server's routes are built from it.
 * The chat's routes are a table of their own (chat-paths.ts): the embed bundles those only.
 */
import { chatPaths } from "./chat-paths.js";

export const managementPaths = {
  health: "GET /api/health",

  login: "POST /api/auth/login",
  logout: "POST /api/auth/logout",
  me: "GET /api/auth/me",
  setPassword: "POST /api/auth/password",
  getSetupLink: "GET /api/auth/setup-link",
  getInvitation: "GET /api/auth/invitation",
  acceptInvitation: "POST /api/auth/invitation",

  createWorkspace: "POST /api/v1/workspaces",
  listWorkspaces: "GET /api/v1/workspaces",
  getWorkspace: "GET /api/v1/workspaces/:workspaceId",
  updateWorkspace: "PATCH /api/v1/workspaces/:workspaceId",
  listMembers: "GET /api/v1/workspaces/:workspaceId/members",
  addMember: "POST /api/v1/workspaces/:workspaceId/members",
  updateMember: "PATCH /api/v1/workspaces/:workspaceId/members/:userId",
  removeMember: "DELETE /api/v1/workspaces/:workspaceId/members/:userId",
  createFolder: "POST /api/v1/workspaces/:workspaceId/folders",
  listFolders: "GET /api/v1/workspaces/:workspaceId/folders",
  updateFolder: "PATCH /api/v1/workspaces/:workspaceId/folders/:folderId",
  deleteFolder: "DELETE /api/v1/workspaces/:workspaceId/folders/:folderId",
  listInbox: "GET /api/v1/workspaces/:workspaceId/inbox",
  getInboxChat: "GET /api/v1/workspaces/:workspaceId/inbox/:handoffId",
  takeInboxChat: "POST /api/v1/workspaces/:workspaceId/inbox/:handoffId/take",
  replyInboxChat: "POST /api/v1/workspaces/:workspaceId/inbox/:handoffId/messages",
  noteInboxChat: "POST /api/v1/workspaces/:workspaceId/inbox/:handoffId/notes",
  handBackInboxChat: "POST /api/v1/workspaces/:workspaceId/inbox/:handoffId/handBack",
  closeInboxChat: "POST /api/v1/workspaces/:workspaceId/inbox/:handoffId/close",
  setInboxChatVariables: "POST /api/v1/workspaces/:workspaceId/inbox/:handoffId/variables",
  uploadInboxFile: "POST /api/v1/workspaces/:workspaceId/inbox/:handoffId/files",
  inboxEvents: "GET /api/v1/workspaces/:workspaceId/inbox/events",
  listThemeTemplates: "GET /api/v1/workspaces/:workspaceId/themeTemplates",
  createThemeTemplate: "POST /api/v1/workspaces/:workspaceId/themeTemplates",
  deleteThemeTemplate: "DELETE /api/v1/workspaces/:workspaceId/themeTemplates/:themeTemplateId",
  listKnowledgeBases: "GET /api/v1/workspaces/:workspaceId/knowledgeBases",
  createKnowledgeBase: "POST /api/v1/workspaces/:workspaceId/knowledgeBases",
  getKnowledgeBase: "GET /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId",
  updateKnowledgeBase: "PATCH /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId",
  deleteKnowledgeBase: "DELETE /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId",
  listKnowledgeDocuments: "GET /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId/documents",
  uploadKnowledgeDocuments: "POST /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId/documents",
  addKnowledgeUrls: "POST /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId/documents/urls",
  reindexKnowledgeDocument:
    "POST /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId/documents/:documentId/reindex",
  deleteKnowledgeDocument:
    "DELETE /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId/documents/:documentId",
  searchKnowledgeBase: "POST /api/v1/workspaces/:workspaceId/knowledgeBases/:knowledgeBaseId/search",

  createBot: "POST /api/v1/bots",
  listBots: "GET /api/v1/bots",
  getBot: "GET /api/v1/bots/:botId",
  updateBot: "PATCH /api/v1/bots/:botId",
  deleteBot: "DELETE /api/v1/bots/:botId",
  getPublishedBot: "GET /api/v1/bots/:botId/publishedBot",
  getPublishState: "GET /api/v1/bots/:botId/publish-state",
  publishBot: "POST /api/v1/bots/:botId/publish",
  unpublishBot: "POST /api/v1/bots/:botId/unpublish",
  listVersions: "GET /api/v1/bots/:botId/versions",
  getVersion: "GET /api/v1/bots/:botId/versions/:versionId",
  diffVersion: "GET /api/v1/bots/:botId/versions/:versionId/diff",
  restoreVersion: "POST /api/v1/bots/:botId/versions/:versionId/restore",
  getStaging: "GET /api/v1/bots/:botId/staging",
  setStaging: "PUT /api/v1/bots/:botId/staging",
  deleteStaging: "DELETE /api/v1/bots/:botId/staging",
  promoteStaging: "POST /api/v1/bots/:botId/staging/promote",
  duplicateBot: "POST /api/v1/bots/:botId/duplicate",
  importBot: "POST /api/v1/bots/import",
  lintBot: "POST /api/v1/bots/:botId/lint",
  exportTranslations: "GET /api/v1/bots/:botId/translations",
  importTranslations: "PUT /api/v1/bots/:botId/translations",
  createPreviewToken: "POST /api/v1/bots/:botId/preview/token",

  getBotTests: "GET /api/v1/bots/:botId/tests",
  saveBotTests: "PUT /api/v1/bots/:botId/tests",
  addTestConversation: "POST /api/v1/bots/:botId/tests/conversations",
  runBotTests: "POST /api/v1/bots/:botId/tests/run",

  listTokens: "GET /api/v1/tokens",
  createToken: "POST /api/v1/tokens",
  revokeToken: "DELETE /api/v1/tokens/:tokenId",

  listResults: "GET /api/v1/bots/:botId/results",
  archiveResults: "DELETE /api/v1/bots/:botId/results",
  exportResults: "GET /api/v1/bots/:botId/results/export",
  getResult: "GET /api/v1/bots/:botId/results/:resultId",
  getTranscript: "GET /api/v1/bots/:botId/results/:resultId/transcript",
  getResultLogs: "GET /api/v1/bots/:botId/results/:resultId/logs",
  getAnalytics: "GET /api/v1/bots/:botId/analytics",

  createWebhook: "POST /api/v1/bots/:botId/webhooks",
  listWebhooks: "GET /api/v1/bots/:botId/webhooks",
  updateWebhook: "PATCH /api/v1/bots/:botId/webhooks/:webhookId",
  deleteWebhook: "DELETE /api/v1/bots/:botId/webhooks/:webhookId",
  listWebhookDeliveries: "GET /api/v1/bots/:botId/webhooks/:webhookId/deliveries",
  testWebhook: "POST /api/v1/bots/:botId/webhooks/:webhookId/test",

  createCredentials: "POST /api/v1/workspaces/:workspaceId/credentials",
  listCredentials: "GET /api/v1/workspaces/:workspaceId/credentials",
  deleteCredentials: "DELETE /api/v1/workspaces/:workspaceId/credentials/:credentialsId",
  renameCredentials: "PATCH /api/v1/workspaces/:workspaceId/credentials/:credentialsId",
  credentialsUsage: "GET /api/v1/workspaces/:workspaceId/credentials/:credentialsId/usage",
  credentialsModels: "GET /api/v1/workspaces/:workspaceId/credentials/:credentialsId/models",
  testCredentials: "POST /api/v1/workspaces/:workspaceId/credentials/:credentialsId/test",

  channelHandshake: "GET /api/v1/workspaces/:workspaceId/channels/:credentialsId/webhook",
  channelWebhook: "POST /api/v1/workspaces/:workspaceId/channels/:credentialsId/webhook",
  connectChannel: "POST /api/v1/workspaces/:workspaceId/channels/:credentialsId/connect",
  googleConsentUrl: "GET /api/v1/workspaces/:workspaceId/credentials/google/consent-url",
  googleSetup: "GET /api/v1/workspaces/:workspaceId/credentials/google/setup",

  executeWebhook: "POST /api/v1/bots/:botId/blocks/:blockId/results/:resultId/executeWebhook",
  executeTestWebhook: "POST /api/v1/bots/:botId/blocks/:blockId/web/executeTestWebhook",
} as const;

export const apiPaths = { ...managementPaths, ...chatPaths } as const;

export type RouteName = keyof typeof apiPaths;
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

type Split<S> = S extends `${infer M extends HttpMethod} ${infer U}` ? { method: M; url: U } : never;

/** A route's method and URL pattern, split from its entry. */
export function endpoint<N extends RouteName>(name: N): Split<(typeof apiPaths)[N]> {
  const entry: string = apiPaths[name];
  const space = entry.indexOf(" ");
  return { method: entry.slice(0, space), url: entry.slice(space + 1) } as Split<(typeof apiPaths)[N]>;
}
