import { Handle, Position } from "@xyflow/react";
import type { Block } from "../../lib/types";
import { sourceHandleId } from "../store/edge-source";
import { idleTimeoutOf } from "../store/idle-edge";

/**
 * The "If idle" exit of an input with an idle timeout: where the flow goes when the visitor does not
 * answer within the seconds set in the block's settings. Drawn like the block's other exits.
 */
export function IdleHandle({ block }: { block: Block }) {
  const idle = idleTimeoutOf(block);
  if (!idle) return null;
  return (
    <div className="block-default-exit labelled idle-exit" data-testid={`idle-exit-${block.id}`}>
      <span>If idle · {idle.seconds} s</span>
      <Handle
        type="source"
        position={Position.Right}
        id={sourceHandleId({ blockId: block.id, idle: true })}
        className="source-handle"
        aria-label={`Exit if idle for ${idle.seconds} s`}
      />
    </div>
  );
}

/**
 * A hand-off's "No operator" exit: where the flow goes on when nobody takes the chat within the
 * block's timeout (stored as `options.noOperatorEdgeId`). Always drawn, so the path can be laid out
 * before the timeout is set; it says when it cannot fire yet.
 */
export function NoOperatorHandle({ block }: { block: Block }) {
  if (block.type !== "hand off") return null;
  const seconds = block.options?.timeoutSeconds;
  return (
    <div className="block-default-exit labelled idle-exit" data-testid={`no-operator-exit-${block.id}`}>
      <span>{seconds ? `No operator · ${seconds} s` : "No operator (no timeout set)"}</span>
      <Handle
        type="source"
        position={Position.Right}
        id={sourceHandleId({ blockId: block.id, idle: true })}
        className="source-handle"
        aria-label="Exit if no operator takes the chat"
      />
    </div>
  );
}

/** "⏱ 3 idle timeouts" beside the drop-off figure: visitors who let this input's timeout run out. */
export function IdleTimeoutCount({ total }: { total: number | undefined }) {
  if (total === undefined) return null;
  return (
    <div className="drop-off idle-count" title="Visitors who did not answer this input in time">
      ⏱ {total} idle timeout{total === 1 ? "" : "s"}
    </div>
  );
}
