import { type ApiClient, chatPaths, createApiClient, type RouteOutput } from "../../shared/api-client";
import type { ChatTurn, OutgoingMessage, StartTurn } from "./types";

export { ApiError } from "../../shared/api-client";

export type UploadedFile = RouteOutput<"uploadFile">;

/** How the chat talks to its server: the shared API client, with the chat's own defaults on each call. */
export class ChatApi {
  protected readonly client: ApiClient<typeof chatPaths>;

  /** The builder's preview adds its sign-in cookie and CSRF header through `init`. */
  constructor(
    readonly apiHost: string,
    init: { credentials?: RequestCredentials; headers?: () => Record<string, string> } = {},
  ) {
    this.client = createApiClient({
      baseUrl: apiHost,
      paths: chatPaths,
      credentials: init.credentials,
      headers: init.headers,
      unreachableMessage: "unreachable",
    });
  }

  startChat(
    publicId: string,
    body: { prefilledVariables?: Record<string, unknown>; resultId?: string },
  ): Promise<StartTurn> {
    return this.client.call("startChat", {
      params: { publicId },
      body: { ...body, isStreamEnabled: true, textBubbleContentFormat: "richText" },
    });
  }

  continueChat(sessionId: string, message: OutgoingMessage | undefined): Promise<ChatTurn> {
    return this.client.call("continueChat", {
      params: { sessionId },
      body: { ...(message ? { message } : {}), textBubbleContentFormat: "richText" },
    });
  }

  /** Best effort: a log that cannot be sent is not worth bothering the visitor with. */
  async saveClientLogs(
    sessionId: string,
    logs: { status: string; description: string; details?: string }[],
  ): Promise<void> {
    try {
      await this.client.call("saveClientLogs", { params: { sessionId }, body: { clientLogs: logs } });
    } catch {
      // Nothing more to do.
    }
  }

  streamUrl(sessionId: string): string {
    return this.client.url("streamMessage", { params: { sessionId } });
  }

  /** One file per request, so that each gets its own progress and its own error. */
  uploadFile(sessionId: string, file: File, onProgress: (fraction: number) => void): Promise<UploadedFile> {
    return this.client.upload("uploadFile", { params: { sessionId }, query: { name: file.name } }, file, onProgress);
  }
}
