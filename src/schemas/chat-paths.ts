/** The chat's routes, apart from the rest of the API (api-paths.ts) so that the embed bundles only these. */
export const chatPaths = {
  startChat: "POST /api/v1/bots/:publicId/startChat",
  startPreviewChat: "POST /api/v1/bots/:botId/preview/startChat",
  continueChat: "POST /api/v1/sessions/:sessionId/continueChat",
  saveClientLogs: "POST /api/v1/sessions/:sessionId/clientLogs",
  streamMessage: "POST /api/v1/sessions/:sessionId/streamMessage",
  uploadFile: "POST /api/v1/sessions/:sessionId/files",
  sessionEvents: "GET /api/v1/sessions/:sessionId/events",
} as const;
