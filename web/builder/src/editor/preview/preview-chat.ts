/**
 * The preview runs the visitor's own chat component (web/src), the one the public page uses. Only
 * its transport differs: the first turn goes to the preview endpoint with the current draft. This
 * module is the single place that knows the component's shape; a preview option in the component
 * would replace the transport swap below with one import.
 */
import { Chat } from "../../../../src/chat/chat";
import { ChatApi, postJson } from "../../../../src/lib/api";
import { forgetMemory } from "../../../../src/lib/memory";
import type { ChatTurn, OutgoingMessage, StartTurn } from "../../../../src/lib/types";
import { baseSheet } from "../../../../src/theme/base-styles";
import { csrfHeader } from "../../lib/api";

export type PreviewTurn = ChatTurn;

export type PreviewOptions = {
  botId: string;
  /** The draft as it is now (not as last saved). */
  bot: Record<string, unknown>;
  startFrom: { type: "group"; groupId: string } | undefined;
  onTurn(turn: ChatTurn): void;
  onBubbleShown(id: string): void;
  /** What the visitor sent, before the answer comes (Save as test records it). */
  onReply?(text: string): void;
};

/** The component's client, with the start sent to the preview endpoint and every turn reported. */
class PreviewApi extends ChatApi {
  stopped = false;

  constructor(private readonly options: PreviewOptions) {
    super(location.origin);
  }

  /** A stopped run's requests never answer, so the old chat goes quiet instead of carrying on. */
  private guard<T>(turn: T): Promise<T> {
    return this.stopped ? new Promise<T>(() => undefined) : Promise.resolve(turn);
  }

  override async startChat(
    _publicId: string,
    body: { prefilledVariables?: Record<string, unknown> },
  ): Promise<StartTurn> {
    const turn = await postJson<StartTurn>(
      `/api/v1/bots/${encodeURIComponent(this.options.botId)}/preview/startChat`,
      {
        bot: this.options.bot,
        ...(this.options.startFrom ? { startFrom: this.options.startFrom } : {}),
        ...(body.prefilledVariables && Object.keys(body.prefilledVariables).length
          ? { prefilledVariables: body.prefilledVariables }
          : {}),
        isStreamEnabled: true,
        textBubbleContentFormat: "richText",
      },
      { credentials: "same-origin", headers: csrfHeader() },
    );
    if (!this.stopped) this.options.onTurn(turn);
    return this.guard(turn);
  }

  override async continueChat(sessionId: string, message: OutgoingMessage | undefined): Promise<ChatTurn> {
    if (message && !this.stopped) this.options.onReply?.(message.text);
    const turn = await super.continueChat(sessionId, message);
    if (!this.stopped) this.options.onTurn(turn);
    return this.guard(turn);
  }

  /** Preview sessions have no result to attach logs to. */
  override async saveClientLogs(): Promise<void> {}
}

let runs = 0;

/** Mounts a chat in a shadow root inside `host` and starts it; returns a function that stops it. */
export function mountPreviewChat(host: HTMLElement, options: PreviewOptions): () => void {
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  root.replaceChildren();
  root.adoptedStyleSheets = [baseSheet()];
  // A fresh key per run: a preview never resumes a remembered conversation (and forgets it when stopped).
  const memoryKey = `preview-${options.botId}-${Date.now()}-${runs++}`;
  const chat = new Chat({
    publicId: memoryKey,
    apiHost: location.origin,
    prefilledVariables: {},
    mayFocus: () => true,
    adoptSheet: (sheet) => (root.adoptedStyleSheets = sheet ? [baseSheet(), sheet] : [baseSheet()]),
    onHostMessage: (bubble) => {
      if (!api.stopped) options.onBubbleShown(bubble.id);
    },
  });
  const api = new PreviewApi(options);
  if (!(chat as unknown as { api?: unknown }).api)
    throw new Error("The chat component no longer keeps its client in `api`: update preview-chat.ts");
  (chat as unknown as { api: ChatApi }).api = api;
  root.appendChild(chat.element);
  void chat.start();
  return () => {
    api.stopped = true;
    forgetMemory(memoryKey);
    root.replaceChildren();
  };
}
