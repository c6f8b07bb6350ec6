import { memo } from "react";
import { useStore } from "../../lib/store";
import { useEditor } from "../editor-context";

const WORDS = { added: "Added", changed: "Changed" } as const;

/**
 * "Added" or "Changed" on a group or block while the Versions panel shows a diff; the changed fields
 * are in its title. Nothing otherwise: the selector gives a string, so other diffs re-render nothing.
 */
export const DiffMark = memo(function DiffMark({ kind, id }: { kind: "groups" | "blocks"; id: string }) {
  const { store } = useEditor();
  const found = useStore(store.ui, (ui) => {
    const entry = ui.diffMarks?.[kind][id];
    return entry ? `${entry.mark}|${entry.fields.join(", ")}` : undefined;
  });
  if (!found) return null;
  const [mark, fields] = found.split("|") as [keyof typeof WORDS, string];
  return (
    <span
      className={`diff-mark diff-${mark}`}
      data-testid={`diff-mark-${id}`}
      title={fields ? `${WORDS[mark]}: ${fields}` : WORDS[mark]}
    >
      {WORDS[mark]}
    </span>
  );
});
