import { Handle, Position } from "@xyflow/react";
import { memo, type KeyboardEvent } from "react";
import { highlightVariables } from "../../lib/inline-markdown";
import { useStore } from "../../lib/store";
import type { Block, BotDocument } from "../../lib/types";
import { blockEntry, blockTitle, categoryClass } from "../block-catalogue";
import { useEditor } from "../editor-context";
import { blockTargetHandleId, sourceHandleId } from "../store/edge-source";
import { moveBlock, removeBlocks } from "../store/operations";
import { isEdgeTarget } from "../store/selectors";
import { missingTranslations, translatedLanguage } from "../languages/translation-state";
import { blockSummary, conditionSummary, hasItemsOnly, savedVariable } from "./block-summary";
import { defaultHandleLabel, hasDefaultHandle, itemHandles } from "./block-handles";
import { IdleHandle, IdleTimeoutCount, NoOperatorHandle } from "./idle-handle";
import { openCanvasMenu } from "./context-menu";
import { DiffMark } from "./diff-mark";
import { ImageThumbnail } from "./image-thumbnail";
import { ItemLabel } from "./item-label";

type Props = { block: Block; groupId: string; index: number; isLast: boolean; blockCount: number };

const variablesOf = (doc: BotDocument) => doc.variables;
const NO_FINDINGS: string[] = [];
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((entry, index) => entry === b[index]);

/** One block inside a group node: its badge, summary, status marks and exits. */
export const BlockRow = memo(function BlockRow({ block, groupId, index, isLast, blockCount }: Props) {
  const { store, drag } = useEditor();
  const variables = useStore(store.doc, variablesOf);
  const selected = useStore(store.ui, (ui) => ui.selectedBlockId === block.id);
  const targeted = useStore(store.doc, (doc) => isEdgeTarget(doc, block.id));
  const running = useStore(store.ui, (ui) => ui.runningBlockId === block.id);
  const findings = useStore(
    store.ui,
    (ui) =>
      ui.findings?.filter((finding) => finding.blockId === block.id).map((finding) => finding.message) ?? NO_FINDINGS,
    sameList,
  );
  const dropOff = useStore(
    store.ui,
    (ui) =>
      ui.dropOffs
        ? {
            total: ui.dropOffs.byBlock[block.id],
            starts: ui.dropOffs.starts,
            idled: ui.dropOffs.idledByBlock[block.id],
          }
        : undefined,
    (a, b) => a?.total === b?.total && a?.starts === b?.starts && a?.idled === b?.idled,
  );
  const diffMark = useStore(store.ui, (ui) => ui.diffMarks?.blocks[block.id]?.mark);
  const chosenLanguage = useStore(store.ui, (ui) => ui.language);
  const missing = useStore(store.doc, (doc) => {
    const language = translatedLanguage(doc, chosenLanguage);
    return language && missingTranslations(doc, block, language).length > 0 ? language : undefined;
  });
  const entry = blockEntry(block.type);
  // Only a Jump block reads a group's title; the selector gives a string, so renaming other groups re-renders nothing.
  const targetGroupTitle = useStore(store.doc, (doc) =>
    block.type === "Jump" ? doc.groups.find((group) => group.id === block.options?.groupId)?.title : undefined,
  );
  const summary = blockSummary(block, variables, { targetGroupTitle });
  const saved = savedVariable(block, variables);
  const items = itemHandles(block);
  const label = blockTitle(block.type);
  const imageUrl = block.type === "image" ? block.content?.url : undefined;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      store.selectBlock(block.id);
    } else if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      event.preventDefault();
      const to = event.key === "ArrowUp" ? index - 1 : index + 2;
      if (to >= 0 && to <= blockCount) store.update((doc) => moveBlock(doc, block.id, groupId, to));
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      event.stopPropagation();
      store.update((doc) => removeBlocks(doc, new Set([block.id])));
      store.selectBlock(undefined);
    }
  };

  const classes = ["block-row", "nodrag", "nopan", entry ? categoryClass[entry.category] : "category-unknown"];
  if (selected) classes.push("selected");
  if (running) classes.push("running");
  if (findings.length > 0) classes.push("has-findings");
  if (diffMark) classes.push(`diff-${diffMark}`);

  return (
    // biome-ignore lint/a11y/useSemanticElements: the row holds its own controls, which a <button> may not contain.
    <div
      className={classes.join(" ")}
      data-dnd-index={index}
      data-block-id={block.id}
      data-testid={`block-${block.id}`}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={`${label} block${summary ? `: ${summary}` : ""}`}
      onClick={(event) => {
        event.stopPropagation();
        store.selectBlock(block.id);
      }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => {
        event.preventDefault();
        event.stopPropagation();
        openCanvasMenu(event.clientX, event.clientY, { kind: "block", id: block.id });
      }}
      onPointerDown={(event) => {
        if ((event.target as HTMLElement).closest(".react-flow__handle")) return;
        drag.begin(event, { kind: "move", blockId: block.id, label });
      }}
    >
      {targeted && (
        <Handle
          type="target"
          position={Position.Left}
          id={blockTargetHandleId(block.id)}
          className="block-target"
          isConnectableStart={false}
        />
      )}
      <div className="block-main">
        <span className="block-badge" aria-hidden="true">
          {entry?.icon ?? "?"}
        </span>
        <div className="block-text">
          <span className="block-label">{label}</span>
          {imageUrl ? (
            <ImageThumbnail url={imageUrl} />
          ) : summary ? (
            <span className="block-summary">{highlightVariables(summary)}</span>
          ) : (
            !hasItemsOnly(block.type) && <span className="block-summary placeholder">Click to edit…</span>
          )}
          {saved && <span className="block-saves">Saves in {`{{${saved}}}`}</span>}
        </div>
        {missing && (
          <span className="missing-translation" title={`Missing ${missing} translation`}>
            {missing}?<span className="visually-hidden">Missing {missing} translation</span>
          </span>
        )}
        <DiffMark kind="blocks" id={block.id} />
        {running && (
          <span className="running-mark" title="The preview is here">
            ●<span className="visually-hidden">The preview is here</span>
          </span>
        )}
      </div>
      {findings.length > 0 && (
        <ul className="block-findings" aria-label="Problems">
          {findings.map((message) => (
            <li key={message}>⚠ {message}</li>
          ))}
        </ul>
      )}
      {dropOff && dropOff.total !== undefined && (
        <div className="drop-off" title="Visitors who stopped at this input">
          ↘ {dropOff.total} dropped off
          {dropOff.starts > 0 ? ` (${Math.round((dropOff.total / dropOff.starts) * 100)}%)` : ""}
        </div>
      )}
      <IdleTimeoutCount total={dropOff?.idled} />
      {items.length > 0 && (
        <ul className="block-items">
          {items.map((item) => (
            <li key={item.pathId ?? item.itemId} className="block-item">
              <span>
                {block.type === "Condition" ? (
                  conditionSummary(
                    (block.items.find((entry) => entry.id === item.itemId) as { content?: never })?.content,
                    variables,
                  )
                ) : block.type === "choice input" || block.type === "picture choice input" ? (
                  <ItemLabel
                    block={block}
                    itemId={item.itemId}
                    field={block.type === "choice input" ? "content" : "title"}
                    value={item.text ?? ""}
                    placeholder={item.label}
                    selected={selected}
                  />
                ) : (
                  item.label
                )}
              </span>
              <Handle
                type="source"
                position={Position.Right}
                id={sourceHandleId({ blockId: block.id, itemId: item.itemId, pathId: item.pathId })}
                className="source-handle"
                aria-label={`Exit of ${item.label || "branch"}`}
              />
            </li>
          ))}
        </ul>
      )}
      {hasDefaultHandle(block, isLast) && (
        <div
          className={
            items.length > 0 || defaultHandleLabel(block) ? "block-default-exit labelled" : "block-default-exit"
          }
        >
          {defaultHandleLabel(block) && <span>{defaultHandleLabel(block)}</span>}
          <Handle
            type="source"
            position={Position.Right}
            id={sourceHandleId({ blockId: block.id })}
            className="source-handle"
            aria-label={`Exit of ${label}`}
          />
        </div>
      )}
      <IdleHandle block={block} />
      <NoOperatorHandle block={block} />
    </div>
  );
});
