import { availableLanguages } from "../../engine/translations/locale.js";
import { isPresentTranslation, type TextSlot, translatableTexts } from "../../engine/translations/texts.js";
import { at, type LintCheck } from "./finding.js";

const SLOT_NAMES: Record<TextSlot | "system", string> = {
  content: "text",
  placeholder: "placeholder",
  button: "button label",
  retryMessage: "retry message",
  item: "choice label",
  system: "system message",
};

/**
 * Texts a language of the bot lacks (warnings): the visitor in that language sees the default
 * language's text there. One finding per text and language, on its block (system messages on the bot).
 */
export const checkMissingTranslations: LintCheck = (doc) => {
  const languages = doc.settings.languages;
  if (!languages) return [];
  const others = availableLanguages(languages).filter((tag) => tag !== languages.default);
  if (others.length === 0) return [];
  return translatableTexts(doc).flatMap((text) =>
    others
      .filter((tag) => !isPresentTranslation(doc.translations?.[tag]?.[text.key]))
      .map((tag) =>
        at(
          { blockId: text.blockId, groupId: text.groupId },
          "warning",
          `Missing ${tag} translation of the ${SLOT_NAMES[text.slot]} "${text.key}": ${tag} visitors see the ${languages.default} text`,
        ),
      ),
  );
};
