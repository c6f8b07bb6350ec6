import type { Theme } from "./theme.js";

/** A template every workspace has: its id is what a bot's `selectedThemeTemplateId` holds once picked. */
export type BuiltInThemeTemplate = { id: string; name: string; theme: Theme };

/**
 * The templates the builder offers before a workspace saved any. Plain data in a module without zod,
 * so that the builder bundles it; test/e2e/theme-templates.test.ts checks each against the theme schema.
 */
export const builtInThemeTemplates: readonly BuiltInThemeTemplate[] = [
  { id: "builtin-default", name: "Default", theme: {} },
  {
    id: "builtin-dark",
    name: "Dark",
    theme: {
      general: { background: { type: "Color", content: "#171923" } },
      chat: {
        container: { backgroundColor: "#1A202C", color: "#F7FAFC" },
        hostBubbles: { backgroundColor: "#2D3748", color: "#F7FAFC" },
        guestBubbles: { backgroundColor: "#805AD5", color: "#FFFFFF" },
        buttons: { backgroundColor: "#805AD5", color: "#FFFFFF" },
        inputs: { backgroundColor: "#2D3748", color: "#F7FAFC", placeholderColor: "#A0AEC0" },
      },
    },
  },
  {
    id: "builtin-minimal",
    name: "Minimal",
    theme: {
      general: { background: { type: "Color", content: "#FFFFFF" }, font: { type: "Google", family: "Inter" } },
      chat: {
        hostBubbles: {
          backgroundColor: "#FFFFFF",
          color: "#111111",
          border: { thickness: 1, color: "#E2E8F0", roundeness: "none" },
        },
        guestBubbles: { backgroundColor: "#111111", color: "#FFFFFF", border: { roundeness: "none" } },
        buttons: { backgroundColor: "#111111", color: "#FFFFFF", border: { roundeness: "none" } },
        inputs: { backgroundColor: "#FFFFFF", color: "#111111", placeholderColor: "#718096" },
      },
    },
  },
  {
    id: "builtin-playful",
    name: "Playful",
    theme: {
      general: { background: { type: "Color", content: "#FFF5F7" }, font: { type: "Google", family: "Nunito" } },
      chat: {
        hostBubbles: {
          backgroundColor: "#FED7E2",
          color: "#702459",
          shadow: "md",
          border: { roundeness: "large" },
        },
        guestBubbles: { backgroundColor: "#F6AD55", color: "#FFFFFF", border: { roundeness: "large" } },
        buttons: { backgroundColor: "#D53F8C", color: "#FFFFFF", shadow: "md", border: { roundeness: "large" } },
        inputs: { backgroundColor: "#FFFFFF", color: "#702459", placeholderColor: "#B83280" },
      },
    },
  },
];
