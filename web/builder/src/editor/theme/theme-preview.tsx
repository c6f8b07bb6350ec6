import { useEffect, useRef } from "react";
import { ChatView } from "../../../../src/chat/chat-view";
import { renderInput } from "../../../../src/inputs/render-input";
import { applyVariables, avatarUrls, loadThemeFont, themeVariables } from "../../../../src/theme/apply-theme";
import { baseSheet, customSheet } from "../../../../src/theme/base-styles";
import type { Theme } from "../../lib/types";

/** A still conversation drawn by the visitor's chat component with the theme being edited. */
export function ThemePreview({ theme }: { theme: Theme }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<ChatView | undefined>(undefined);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: "open" });
    root.adoptedStyleSheets = [baseSheet()];
    const chat = new ChatView();
    view.current = chat;
    root.replaceChildren(chat.root);
    return () => {
      root.replaceChildren();
      view.current = undefined;
    };
  }, []);

  useEffect(() => {
    const chat = view.current;
    const root = host.current?.shadowRoot;
    if (!chat || !root) return;
    const json = theme as Record<string, any>;
    applyVariables(chat.root, themeVariables(json, {}));
    loadThemeFont(json);
    const custom = customSheet(json.customCss);
    root.adoptedStyleSheets = custom ? [baseSheet(), custom] : [baseSheet()];
    chat.avatars = avatarUrls(json, {});
    chat.clear();
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
  }, [theme]);

  return <div className="theme-preview" ref={host} aria-label="Theme preview" role="img" />;
}
