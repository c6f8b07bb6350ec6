import { useStore } from "../../lib/store";
import type { Block } from "../../lib/types";
import { useEditor } from "../editor-context";
import { blockById } from "../store/selectors";
import { blockTexts, richTextLines, translatedLanguage, withTranslation } from "./translation-state";

const SLOT_LABELS = {
  content: "Text",
  placeholder: "Placeholder",
  button: "Button label",
  retryMessage: "Retry message",
  item: "Button",
} as const;

/** The selected block's texts in the language being edited, each beside its default-language text. */
export function TranslationFields({ language }: { language: string }) {
  const { store } = useEditor();
  const blockId = useStore(store.ui, (ui) => ui.selectedBlockId);
  const block = useStore(store.doc, (doc) =>
    blockId ? (blockById(doc, blockId)?.block as Block | undefined) : undefined,
  );
  const table = useStore(store.doc, (doc) => doc.translations?.[language]);
  if (!block) return null;
  const texts = blockTexts(block);
  if (texts.length === 0) return <p className="hint">This block shows no text to translate.</p>;
  return (
    <div className="translation-fields">
      <p className="hint">Texts in {language}; an empty field shows the default language's text.</p>
      {texts.map((text) => {
        const isRichText = text.slot === "content";
        const original = richTextLines(text.defaultValue);
        const label =
          text.slot === "item" ? `Button “${original}” (${language})` : `${SLOT_LABELS[text.slot]} (${language})`;
        const fieldId = `translation-${text.key}`;
        const onChange = (value: string) =>
          store.update(
            (doc) =>
              translatedLanguage(doc, language) ? withTranslation(doc, language, text.key, value, isRichText) : doc,
            `translation-${language}-${text.key}`,
          );
        return (
          <div key={text.key} className="field">
            <label htmlFor={fieldId}>{label}</label>
            <small className="hint">{original}</small>
            {isRichText ? (
              <textarea
                id={fieldId}
                value={richTextLines(table?.[text.key])}
                placeholder={original}
                onChange={(event) => onChange(event.target.value)}
              />
            ) : (
              <input
                id={fieldId}
                value={richTextLines(table?.[text.key])}
                placeholder={original}
                onChange={(event) => onChange(event.target.value)}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
