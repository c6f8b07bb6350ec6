import {
  ApiError,
  type ApiClient,
  chatPaths,
  createApiClient,
  errorFromResponse,
  type RouteOutput,
} from "../../shared/api-client.js";
import type { ChatTurn, OutgoingMessage, StartTurn } from "./types.js";

export { ApiError };

export type UploadedFile = RouteOutput<"uploadFile">;

const UNREACHABLE = "unreachable";

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
      unreachableMessage: UNREACHABLE,
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

  /** The session's server-sent events while it waits at the wait-for-webhook block `blockId`. */
  sessionEventsUrl(sessionId: string, blockId: string): string {
    return this.client.url("sessionEvents", { params: { sessionId }, query: { blockId } });
  }

  /**
   * One file per request, so that each gets its own progress and its own error. The file is the raw body,
   * sent by XMLHttpRequest: fetch cannot report an upload's progress.
   */
  uploadFile(sessionId: string, file: File, onProgress: (fraction: number) => void): Promise<UploadedFile> {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open("POST", this.client.url("uploadFile", { params: { sessionId }, query: { name: file.name } }));
      request.setRequestHeader("content-type", file.type || "application/octet-stream");
      request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
      request.onerror = () => reject(new ApiError({ status: 0, message: UNREACHABLE }));
      request.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(request.responseText);
        } catch {
          body = undefined;
        }
        if (request.status >= 200 && request.status < 300 && body) resolve(body as UploadedFile);
        else reject(errorFromResponse(request.status, request.statusText, body));
      };
      request.send(file);
    });
  }
}
