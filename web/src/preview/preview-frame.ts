import { Chat } from "../chat/chat";
import { chatPaths, createApiClient } from "../../shared/api-client.js";
import { ChatApi } from "../lib/api";
import { noMemory } from "../lib/memory";
import type { ChatTurn, OutgoingMessage, StartTurn } from "../lib/types";
import { baseSheet } from "../theme/base-styles";
import { parsePreviewStart, parsePreviewTheme, type PreviewReport, type PreviewStart } from "./preview-messages";
import { showThemeSample } from "./theme-sample";

/**
 * preview-frame.js: the builder's preview, in a sandboxed frame of its own (an opaque origin without
 * the builder's cookie). The builder posts the draft and a preview token in; the visitor's chat
 * component runs it and reports each turn back. The draft's client-side code runs here, as it will
 * on the chat page, and can reach nothing the token does not allow.
 */
/** The server this page came from: `location.origin` is "null" in an opaque origin, its URL is not. */
const apiHost = new URL(location.href).origin;
const report = (message: PreviewReport) => window.parent.postMessage(message, "*");

class PreviewApi extends ChatApi {
  constructor(private readonly start: PreviewStart) {
    super(apiHost);
  }

  override async startChat(
    _publicId: string,
    body: { prefilledVariables?: Record<string, unknown> },
  ): Promise<StartTurn> {
    // The preview token, and never a cookie: the frame's origin is opaque.
    const member = createApiClient({
      baseUrl: apiHost,
      paths: chatPaths,
      credentials: "omit",
      headers: () => ({ authorization: `Bearer ${this.start.token}` }),
    });
    const turn: StartTurn = await member.call("startPreviewChat", {
      params: { botId: this.start.botId },
      body: {
        bot: this.start.bot,
        ...(this.start.startFrom ? { startFrom: this.start.startFrom } : {}),
        ...(body.prefilledVariables && Object.keys(body.prefilledVariables).length
          ? { prefilledVariables: body.prefilledVariables }
          : {}),
        isStreamEnabled: true,
        textBubbleContentFormat: "richText",
      },
    });
    reportTurn(turn);
    return turn;
  }

  override async continueChat(sessionId: string, message: OutgoingMessage | undefined): Promise<ChatTurn> {
    if (message?.type === "text") report({ parley: "preview-reply", text: message.text });
    const turn = await super.continueChat(sessionId, message);
    reportTurn(turn);
    return turn;
  }

  /** Preview sessions have no result to attach logs to. */
  override async saveClientLogs(): Promise<void> {}
}

function reportTurn(turn: ChatTurn): void {
  report({
    parley: "preview-turn",
    turn: {
      messages: (turn.messages ?? []).map((bubble) => ({ id: bubble.id, type: bubble.type, content: bubble.content })),
      ...(turn.input ? { input: { id: turn.input.id, type: turn.input.type, items: turn.input.items } } : {}),
      clientSideActions: (turn.clientSideActions ?? []).map((action) => ({ type: action.type })),
      logs: (turn.logs ?? []).map((log) => ({ status: log.status, description: log.description })),
    },
  });
}

function run(start: PreviewStart): void {
  const host = document.createElement("div");
  host.className = "preview-chat";
  document.body.appendChild(host);
  const root = host.attachShadow({ mode: "open" });
  root.adoptedStyleSheets = [baseSheet()];
  const chat = new Chat({
    publicId: `preview-${start.botId}`,
    apiHost,
    prefilledVariables: {},
    mayFocus: () => true,
    adoptSheet: (sheet) => (root.adoptedStyleSheets = sheet ? [baseSheet(), sheet] : [baseSheet()]),
    onHostMessage: (bubble) => report({ parley: "preview-bubble", id: bubble.id }),
    api: new PreviewApi(start),
    // A preview never resumes a remembered conversation, and never leaves the builder.
    memory: noMemory,
    navigate: (url) =>
      report({
        parley: "preview-turn",
        turn: { messages: [], logs: [{ status: "info", description: `Redirect to ${url}` }] },
      }),
  });
  root.appendChild(chat.element);
  void chat.start();
}

let started = false;
window.addEventListener("message", (event) => {
  if (event.source !== window.parent) return;
  const theme = parsePreviewTheme(event.data);
  if (theme) return showThemeSample(theme.theme);
  if (started) return;
  const start = parsePreviewStart(event.data);
  if (!start) return;
  started = true;
  run(start);
});
report({ parley: "preview-ready" });
