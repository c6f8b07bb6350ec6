import { ChatView } from "../chat/chat-view";
import { renderInput } from "../inputs/render-input";
import type { Json } from "../lib/types";
import { applyVariables, avatarUrls, loadThemeFont, themeVariables } from "../theme/apply-theme";
import { baseSheet, customSheet } from "../theme/base-styles";

/**
 * The builder's theme panel preview: a still conversation drawn with the theme being edited. It runs
 * inside the sandboxed preview frame, so the theme's font stylesheet and custom CSS load into that
 * frame's document and never into the builder's (issue 31 item 4).
 */
export function showThemeSample(theme: Json): void {
  let host = document.querySelector<HTMLDivElement>("div.theme-sample");
  if (!host) {
    host = document.createElement("div");
    host.className = "theme-sample";
    document.body.appendChild(host);
  }
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  const chat = new ChatView();
  root.replaceChildren(chat.root);
  applyVariables(chat.root, themeVariables(theme, {}));
  loadThemeFont(theme);
  const custom = customSheet(theme.customCss);
  root.adoptedStyleSheets = custom ? [baseSheet(), custom] : [baseSheet()];
  chat.avatars = avatarUrls(theme, {});
  chat.addHost({
    id: "a",
    type: "text",
    content: { type: "richText", richText: [{ type: "p", children: [{ text: "Hi! This is how your bot looks." }] }] },
  });
  chat.addGuest("Nice, I like it");
  chat.addHost({
    id: "b",
    type: "text",
    content: { type: "richText", richText: [{ type: "p", children: [{ text: "Pick an option:" }] }] },
  });
  chat.setInput(
    renderInput(
      {
        id: "c",
        type: "choice input",
        items: [
          { id: "1", content: "A button" },
          { id: "2", content: "Another" },
        ],
      },
      { submit: () => undefined, upload: () => Promise.reject(new Error("preview")), settings: {} },
    ),
  );
}
