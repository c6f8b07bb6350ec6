/**
 * The shape of one block kind's catalogue entry. The catalogue is plain data without zod, so the chat
 * client and the builder can bundle it (or only the defaults they read) without the server's schemas.
 */
export type BlockCategory = "Bubbles" | "Inputs" | "Logic" | "Integrations";

export type BlockCatalogueEntry = {
  category: BlockCategory;
  /** The name in the builder's side bar. */
  label: string;
  /** The name on the canvas and in the settings panel ("Text input" where the side bar says "Text"). */
  title: string;
  /** A glyph drawn in the block's badge (DejaVu covers all of them). */
  icon: string;
  /** Extra words the side bar's search matches. */
  keywords: string;
  /** The options a block of this kind behaves with when its author left them unset. */
  defaults: object;
  /** "answer": the results table gives each block of this kind a column of the visitor's answers. */
  resultColumn: "answer" | "none";
};

/** The label a button shows when the author did not name it. */
export const defaultButtonLabel = "Send";

export const bubbleEntry = (label: string, icon: string, keywords: string, defaults: object): BlockCatalogueEntry => ({
  category: "Bubbles",
  label,
  title: label,
  icon,
  keywords,
  defaults,
  resultColumn: "none",
});

export const inputEntry = (
  label: string,
  title: string,
  icon: string,
  keywords: string,
  defaults: object,
): BlockCatalogueEntry => ({ category: "Inputs", label, title, icon, keywords, defaults, resultColumn: "answer" });

export const logicEntry = (label: string, icon: string, keywords: string, defaults: object): BlockCatalogueEntry => ({
  category: "Logic",
  label,
  title: label,
  icon,
  keywords,
  defaults,
  resultColumn: "none",
});

export const integrationEntry = (
  label: string,
  icon: string,
  keywords: string,
  defaults: object,
): BlockCatalogueEntry => ({
  category: "Integrations",
  label,
  title: label,
  icon,
  keywords,
  defaults,
  resultColumn: "none",
});
