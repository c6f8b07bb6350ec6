import type { ChatTurn, OutgoingMessage, StartTurn } from "./types";

/** A failed call: `status` 0 means the server could not be reached at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly statusText = "",
  ) {
    super(message);
  }
}

/** POSTs JSON; the builder's preview adds its sign-in cookie and CSRF header through `init`. */
export async function postJson<T>(
  url: string,
  body: unknown,
  init: { credentials?: RequestCredentials; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: init.credentials,
      headers: { "content-type": "application/json", ...init.headers },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "unreachable");
  }
  const text = await response.text();
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok)
    throw new ApiError(
      response.status,
      typeof parsed?.message === "string" ? parsed.message : text.slice(0, 200),
      response.statusText,
    );
  return parsed as T;
}

export type UploadedFile = { url: string; name: string; size: number; contentType: string };

export class ChatApi {
  constructor(readonly apiHost: string) {}

  startChat(
    publicId: string,
    body: { prefilledVariables?: Record<string, unknown>; resultId?: string },
  ): Promise<StartTurn> {
    return postJson(`${this.apiHost}/api/v1/bots/${encodeURIComponent(publicId)}/startChat`, {
      ...body,
      isStreamEnabled: true,
      textBubbleContentFormat: "richText",
    });
  }

  continueChat(sessionId: string, message: OutgoingMessage | undefined): Promise<ChatTurn> {
    return postJson(`${this.apiHost}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, {
      ...(message ? { message } : {}),
      textBubbleContentFormat: "richText",
    });
  }

  /** Best effort: a log that cannot be sent is not worth bothering the visitor with. */
  async saveClientLogs(
    sessionId: string,
    logs: { status: string; description: string; details?: string }[],
  ): Promise<void> {
    try {
      await postJson(`${this.apiHost}/api/v1/sessions/${encodeURIComponent(sessionId)}/clientLogs`, {
        clientLogs: logs,
      });
    } catch {
      // Nothing more to do.
    }
  }

  streamUrl(sessionId: string): string {
    return `${this.apiHost}/api/v1/sessions/${encodeURIComponent(sessionId)}/streamMessage`;
  }

  /** One file per request, so that each gets its own progress and its own error. */
  uploadFile(sessionId: string, file: File, onProgress: (fraction: number) => void): Promise<UploadedFile> {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open(
        "POST",
        `${this.apiHost}/api/v1/sessions/${encodeURIComponent(sessionId)}/files?name=${encodeURIComponent(file.name)}`,
      );
      request.setRequestHeader("content-type", file.type || "application/octet-stream");
      request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
      request.onerror = () => reject(new ApiError(0, "unreachable"));
      request.onload = () => {
        let body: any;
        try {
          body = JSON.parse(request.responseText);
        } catch {
          body = undefined;
        }
        if (request.status >= 200 && request.status < 300 && body?.url) resolve(body as UploadedFile);
        else reject(new ApiError(request.status, body?.message ?? request.statusText, request.statusText));
      };
      request.send(file);
    });
  }
}
