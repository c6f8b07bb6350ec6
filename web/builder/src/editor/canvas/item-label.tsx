import { useRef, useState, type KeyboardEvent } from "react";
import type { Block } from "../../lib/types";
import { useEditor } from "../editor-context";
import { updateBlock } from "../store/operations";

type Props = {
  block: Block;
  itemId: string;
  /** The item's field holding its label: `content` of a button, `title` of a picture choice. */
  field: "content" | "title";
  value: string;
  placeholder: string;
  selected: boolean;
};

/**
 * A button's or picture choice's label, edited in place: double-click it (or click it once its block is
 * selected, or press Enter on it); Enter or leaving the field saves, Escape cancels.
 */
export function ItemLabel({ block, itemId, field, value, placeholder, selected }: Props) {
  const { store } = useEditor();
  const [editing, setEditing] = useState(false);
  const cancelled = useRef(false);

  const save = (next: string) => {
    setEditing(false);
    if (cancelled.current || next === value) return;
    store.update((doc) =>
      updateBlock(
        doc,
        block.id,
        (current) =>
          ({
            ...current,
            items: (current as { items: { id: string }[] }).items.map((item) =>
              item.id === itemId ? { ...item, [field]: next } : item,
            ),
          }) as Block,
      ),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.key === "Enter") {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancelled.current = true;
      event.currentTarget.blur();
    }
  };
  const start = () => {
    if (store.meta.get().readOnly) return;
    cancelled.current = false;
    setEditing(true);
  };

  if (editing)
    return (
      <input
        className="item-label-input nodrag nopan"
        defaultValue={value}
        aria-label={field === "title" ? "Picture choice title" : "Button label"}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onBlur={(event) => save(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => event.stopPropagation()}
        onClick={(event) => event.stopPropagation()}
      />
    );
  return (
    <button
      type="button"
      className={value ? "item-label" : "item-label placeholder"}
      title="Double-click to edit"
      aria-label={`Edit ${field === "title" ? "title" : "label"}: ${value || placeholder}`}
      onClick={(event) => {
        if (!selected) return;
        event.stopPropagation();
        start();
      }}
      onDoubleClick={(event) => {
        event.stopPropagation();
        start();
      }}
      onKeyDown={(event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        event.stopPropagation();
        start();
      }}
    >
      {value || placeholder}
    </button>
  );
}
