/**
 * A fake of the reference product's embed client (`@typebot.io/js` 0.10.7): it sends exactly the
 * requests listed in shared/research/embed-client-facts.md (paths, body keys, JSON content type, the
 * iframe header; the upload as the client sends it since 0.10, see `uploadFile`), and nothing of that
 * client's code. Self-contained (fetch, FormData, Blob only), so
 * that a browser page can run the very same function: see `typebotEmbedClientSource`.
 */
export type EmbedResponse = { status: number; body: any };

export function createTypebotEmbedClient(apiHost: string, iframeReferrerOrigin?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (iframeReferrerOrigin) headers["x-typebot-iframe-referrer-origin"] = iframeReferrerOrigin;

  async function post(path: string, body: unknown): Promise<EmbedResponse> {
    const response = await fetch(apiHost + path, { method: "POST", headers, body: JSON.stringify(body) });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // A body that is not JSON is kept as text for the test to show.
    }
    return { status: response.status, body: parsed };
  }

  return {
    /** `typebot` is a string and `isPreview` falsy. */
    startChat(typebot: string, options: { prefilledVariables?: Record<string, unknown>; resultId?: string } = {}) {
      return post(`/api/v1/typebots/${typebot}/startChat`, {
        isStreamEnabled: true,
        prefilledVariables: options.prefilledVariables ?? {},
        resultId: options.resultId,
        isOnlyRegistering: false,
      });
    },
    /** `isPreview: true`, or `typebot` is a whole bot. */
    previewStartChat(
      typebot: string | Record<string, unknown>,
      options: { startFrom?: unknown; prefilledVariables?: Record<string, unknown>; sessionId?: string } = {},
    ) {
      const id = typeof typebot === "string" ? typebot : String(typebot.id);
      return post(`/api/v1/typebots/${id}/preview/startChat`, {
        isStreamEnabled: true,
        startFrom: options.startFrom,
        typebot,
        prefilledVariables: options.prefilledVariables ?? {},
        sessionId: options.sessionId,
      });
    },
    /** The key is missing when there is no message (the reply a `wait` action expects). */
    continueChat(sessionId: string, message?: unknown) {
      return post(`/api/v1/sessions/${sessionId}/continueChat`, message === undefined ? {} : { message });
    },
    /** Text-like inputs; buttons send `item.value || item.content`. */
    sendText(sessionId: string, text: string, attachedFileUrls?: string[]) {
      return this.continueChat(
        sessionId,
        attachedFileUrls ? { type: "text", text, attachedFileUrls } : { type: "text", text },
      );
    },
    clientLogs(sessionId: string, logs: { context: string; description: string; details: unknown }[]) {
      return post(`/api/v2/sessions/${sessionId}/clientLogs`, {
        clientLogs: logs.map((log) => ({
          context: log.context,
          description: log.description,
          details: JSON.stringify(log.details),
        })),
      });
    },
    /**
     * Announces the file, sends it as the client does, and gives the URL the file is served at. Since
     * 0.10 the client PUTs the file itself (its type as Content-Type, plus a Cache-Control header) when
     * the announcement's `formData` is empty, as Parley's is; earlier versions (`form`) always post a
     * form: the `formData` fields, then the file as `file`.
     */
    async uploadFile(
      sessionId: string,
      blockId: string,
      file: { name: string; type: string; content: string },
      { form = false }: { form?: boolean } = {},
    ) {
      const announced = await fetch(`${apiHost}/api/v3/generate-upload-url`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          fileName: file.name,
          sessionId,
          fileType: file.type,
          fileSize: new Blob([file.content]).size,
          blockId,
        }),
      });
      const announcement: any = await announced.json();
      if (!announced.ok) return { status: announced.status, body: announcement, upload: undefined };
      const fields = Object.entries((announcement.formData ?? {}) as Record<string, string>);
      let upload: Response;
      if (!form && fields.length === 0) {
        upload = await fetch(announcement.presignedUrl, {
          method: "PUT",
          body: new Blob([file.content], { type: file.type }),
          headers: { "Content-Type": file.type, "Cache-Control": "public, max-age=86400" },
        });
      } else {
        const body = new FormData();
        for (const [key, value] of fields) body.append(key, value);
        body.append("file", new Blob([file.content], { type: file.type }), file.name);
        upload = await fetch(announcement.presignedUrl, { method: "POST", body });
      }
      return { status: announced.status, body: announcement, upload: { status: upload.status, ok: upload.ok } };
    },
  };
}

export type TypebotEmbedClient = ReturnType<typeof createTypebotEmbedClient>;

/** The same client as browser JavaScript: `(source)(apiHost)` builds it in a page. */
export const typebotEmbedClientSource = () => createTypebotEmbedClient.toString();
