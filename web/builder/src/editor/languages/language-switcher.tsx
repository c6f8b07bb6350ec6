import { useStore } from "../../lib/store";
import type { BotDocument } from "../../lib/types";
import { useEditor } from "../editor-context";
import { editorLanguages } from "./translation-state";

const languagesOf = (doc: BotDocument) => editorLanguages(doc)?.all.join(",");

/** Above the canvas, for bots in several languages: which language's texts the editor shows and edits. */
export function LanguageSwitcher() {
  const { store } = useEditor();
  const languages = useStore(store.doc, languagesOf);
  const chosen = useStore(store.ui, (ui) => ui.language);
  if (!languages) return null;
  const all = languages.split(",");
  return (
    <div className="language-switcher">
      <label>
        Language{" "}
        <select value={chosen ?? all[0]} onChange={(event) => store.setUi({ language: event.target.value })}>
          {all.map((tag, index) => (
            <option key={tag} value={tag}>
              {index === 0 ? `${tag} (default)` : tag}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
