import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useStore } from "../../lib/store";
import type { RichTextNode } from "../../lib/types";
import { useEditor } from "../editor-context";
import { addVariable } from "../store/variables";
import { domToRichText } from "./dom-to-rich-text";
import { richTextToHtml } from "./rich-text-convert";

type Props = { value: RichTextNode[]; onChange(value: RichTextNode[]): void; label: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A small rich-text editor: bold, italic, underline, links, and `{{variables}}` from a picker. The
 * editable DOM is the source while typing; the stored value only replaces it when it changes from
 * elsewhere (undo, another field), so the caret never jumps.
 */
export function RichTextEditor({ value, onChange, label }: Props) {
  const area = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | undefined>(undefined);
  const lastEmitted = useRef<RichTextNode[] | undefined>(undefined);
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState("https://");
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    if (lastEmitted.current && same(lastEmitted.current, value)) return;
    element.innerHTML = richTextToHtml(value);
    lastEmitted.current = value;
  }, [value]);

  useEffect(() => {
    document.execCommand("defaultParagraphSeparator", false, "p");
  }, []);

  const emit = () => {
    if (!area.current) return;
    const next = domToRichText(area.current);
    lastEmitted.current = next;
    onChange(next);
  };

  const remember = () => {
    const selection = window.getSelection();
    if (selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode))
      savedRange.current = selection.getRangeAt(0).cloneRange();
  };

  /** Back to where the caret was before a popover took the focus; a no-op (keeping the typing style) otherwise. */
  const restore = () => {
    const current = window.getSelection();
    if (
      document.activeElement === area.current &&
      current &&
      current.rangeCount > 0 &&
      area.current?.contains(current.anchorNode)
    )
      return;
    area.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
  };

  const command = (name: "bold" | "italic" | "underline") => {
    restore();
    document.execCommand(name);
    emit();
  };

  const applyLink = () => {
    restore();
    const selection = window.getSelection();
    const href = url.trim();
    if (href && selection) {
      if (selection.isCollapsed)
        document.execCommand(
          "insertHTML",
          false,
          `<a href="${href.replace(/"/g, "&quot;")}">${href.replace(/</g, "&lt;")}</a>`,
        );
      else document.execCommand("createLink", false, href);
    }
    setLinking(false);
    emit();
  };

  const insertVariable = (name: string) => {
    restore();
    document.execCommand("insertText", false, `{{${name}}}`);
    setPicking(false);
    emit();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const mod = event.ctrlKey || event.metaKey;
    if (!mod) return;
    const key = event.key.toLowerCase();
    if (key === "b" || key === "i" || key === "u") {
      event.preventDefault();
      command(key === "b" ? "bold" : key === "i" ? "italic" : "underline");
    }
    if (key === "z") {
      // Undo belongs to the editor's history, which covers this text too.
      event.preventDefault();
    }
  };

  return (
    <div className="rich-text">
      <div className="rich-toolbar" role="toolbar" aria-label={`${label} formatting`}>
        <button
          type="button"
          className="tool"
          aria-label="Bold"
          title="Bold (Ctrl+B)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => command("bold")}
        >
          <b>B</b>
        </button>
        <button
          type="button"
          className="tool"
          aria-label="Italic"
          title="Italic (Ctrl+I)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => command("italic")}
        >
          <i>I</i>
        </button>
        <button
          type="button"
          className="tool"
          aria-label="Underline"
          title="Underline (Ctrl+U)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => command("underline")}
        >
          <u>U</u>
        </button>
        <button
          type="button"
          className="tool"
          aria-label="Link"
          aria-expanded={linking}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            remember();
            setPicking(false);
            setLinking(!linking);
          }}
        >
          <span className="tool-text">Link</span>
        </button>
        <button
          type="button"
          className="tool"
          aria-label="Insert a variable"
          aria-expanded={picking}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            remember();
            setLinking(false);
            setPicking(!picking);
          }}
        >
          {"{x}"}
        </button>
      </div>
      {linking && (
        <div className="rich-popover">
          <input
            className="input"
            aria-label="Link address"
            value={url}
            autoFocus
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                applyLink();
              }
              if (event.key === "Escape") setLinking(false);
            }}
          />
          <button type="button" className="button small primary" onClick={applyLink}>
            Add link
          </button>
        </div>
      )}
      {picking && <VariablePicker onPick={insertVariable} onClose={() => setPicking(false)} />}
      {/* biome-ignore lint/a11y/useSemanticElements: rich text needs contenteditable; <textarea> cannot hold marks. */}
      {/* biome-ignore lint/a11y/useFocusableInteractive: contenteditable makes the area focusable. */}
      <div
        ref={area}
        className="rich-area input"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        onInput={emit}
        onKeyUp={remember}
        onMouseUp={remember}
        onBlur={remember}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

/** Lists the bot's variables (filtered as you type) and creates one when the name is new. */
export function VariablePicker({ onPick, onClose }: { onPick(name: string): void; onClose(): void }) {
  const { store } = useEditor();
  const variables = useStore(store.doc, (doc) => doc.variables);
  const [query, setQuery] = useState("");
  const matches = variables.filter((variable) => variable.name.toLowerCase().includes(query.trim().toLowerCase()));
  const exact = variables.some((variable) => variable.name === query.trim());
  const create = () => {
    const name = query.trim();
    if (!name) return;
    store.update((doc) => addVariable(doc, name).doc);
    onPick(name);
  };
  return (
    <div className="rich-popover variable-picker">
      <input
        className="input"
        aria-label="Search or create a variable"
        placeholder="Search or create a variable"
        autoFocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose();
          if (event.key === "Enter") {
            event.preventDefault();
            if (matches[0] && (exact || !query.trim()))
              onPick(matches.find((variable) => variable.name === query.trim())?.name ?? matches[0].name);
            else create();
          }
        }}
      />
      <ul aria-label="Variables">
        {matches.map((variable) => (
          <li key={variable.id}>
            <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => onPick(variable.name)}>
              {variable.name}
            </button>
          </li>
        ))}
        {query.trim() && !exact && (
          <li>
            <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={create}>
              + Create “{query.trim()}”
            </button>
          </li>
        )}
        {matches.length === 0 && !query.trim() && (
          <li className="muted small">No variables yet: type a name to create one.</li>
        )}
      </ul>
    </div>
  );
}
