import { Handle, Position, useUpdateNodeInternals, type NodeProps } from "@xyflow/react";
import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useStore } from "../../lib/store";
import { useEditor } from "../editor-context";
import { GROUP_TARGET } from "../store/edge-source";
import { removeGroups, updateGroup } from "../store/operations";
import { groupById } from "../store/selectors";
import { BlockRow } from "./block-row";
import { DiffMark } from "./diff-mark";

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((entry, index) => entry === b[index]);

/** A group: its title, its ordered blocks, and where a dragged block would land. */
export const GroupNode = memo(function GroupNode({ id, selected }: NodeProps) {
  const { store, drag, previewFrom } = useEditor();
  const group = useStore(store.doc, (doc) => groupById(doc, id));
  const dropIndex = useStore(drag.state, (state) => (state?.over?.groupId === id ? state.over.index : undefined));
  const groupFindings = useStore(
    store.ui,
    (ui) =>
      ui.findings?.filter((finding) => finding.groupId === id && !finding.blockId).map((finding) => finding.message) ??
      [],
    sameList,
  );
  const [editingTitle, setEditingTitle] = useState(false);
  const updateNodeInternals = useUpdateNodeInternals();

  // Exits sit inside the blocks: their positions change whenever the blocks do. The canvas measures
  // new nodes itself, so the first render needs no call (a hundred of them would cost ~100 ms).
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `group?.blocks` is the trigger: re-measure when the blocks change.
  useLayoutEffect(() => {
    if (mounted.current) updateNodeInternals(id);
    mounted.current = true;
  }, [group?.blocks, id, updateNodeInternals]);

  if (!group) return null;

  const finishTitle = (title: string) => {
    setEditingTitle(false);
    const trimmed = title.trim();
    if (trimmed && trimmed !== group.title) store.update((doc) => updateGroup(doc, id, { title: trimmed }));
  };

  const onTitleKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") finishTitle(event.currentTarget.value);
    if (event.key === "Escape") setEditingTitle(false);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: role=group: a labelled set of canvas or toolbar controls, not a form; <fieldset> would add form semantics and styling.
    <div
      className={selected ? "group-node selected" : "group-node"}
      data-dnd-group={id}
      data-testid={`group-${group.title}`}
      role="group"
      aria-label={`Group ${group.title}`}
    >
      <Handle
        type="target"
        position={Position.Left}
        id={GROUP_TARGET}
        className="group-target"
        isConnectableStart={false}
      />
      <header className="group-header">
        {editingTitle ? (
          <input
            className="group-title-input nodrag"
            defaultValue={group.title}
            aria-label="Group title"
            autoFocus
            onBlur={(event) => finishTitle(event.target.value)}
            onKeyDown={onTitleKey}
          />
        ) : (
          <h3 className="group-title" onDoubleClick={() => setEditingTitle(true)} title="Double-click to rename">
            {group.title}
          </h3>
        )}
        <DiffMark kind="groups" id={id} />
        <div className="group-actions nodrag">
          <button
            type="button"
            className="icon-button small"
            aria-label={`Rename ${group.title}`}
            onClick={() => setEditingTitle(true)}
          >
            ✎
          </button>
          <button
            type="button"
            className="icon-button small"
            aria-label={`Preview from ${group.title}`}
            onClick={() => previewFrom(id)}
          >
            ▶
          </button>
          <button
            type="button"
            className="icon-button small"
            aria-label={`Delete ${group.title}`}
            onClick={() => {
              store.update((doc) => removeGroups(doc, new Set([id])));
              store.selectBlock(undefined);
            }}
          >
            ✕
          </button>
        </div>
      </header>
      {groupFindings.length > 0 && (
        <ul className="block-findings group-findings" aria-label="Problems">
          {groupFindings.map((message) => (
            <li key={message}>⚠ {message}</li>
          ))}
        </ul>
      )}
      <div className="group-blocks">
        {group.blocks.map((block, index) => (
          <div key={block.id} className="block-slot">
            {dropIndex === index && <div className="drop-indicator" aria-hidden="true" />}
            <BlockRow
              block={block}
              groupId={id}
              index={index}
              isLast={index === group.blocks.length - 1}
              blockCount={group.blocks.length}
            />
          </div>
        ))}
        {dropIndex === group.blocks.length && <div className="drop-indicator" aria-hidden="true" />}
      </div>
    </div>
  );
});
