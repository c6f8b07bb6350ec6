import { NumberField } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { idleTimeoutOf, MAX_IDLE_SECONDS } from "../store/idle-edge";
import { setIdleSeconds } from "../store/idle-timeout";
import { useBlock } from "./block-fields";

/**
 * The input's idle timeout: seconds of silence after which the flow takes the block's "If idle" exit.
 * Emptying the field removes the timeout and its edge.
 */
export function IdleTimeoutField() {
  const { store } = useEditor();
  const { block } = useBlock();
  const idle = idleTimeoutOf(block);
  return (
    <NumberField
      label="If no answer within (seconds)"
      hint={`1 to ${MAX_IDLE_SECONDS.toLocaleString("en")}. Draw the flow to take from the block's "If idle" exit; empty: the input waits as long as the chat lives.`}
      value={idle?.seconds}
      min={1}
      max={MAX_IDLE_SECONDS}
      step={1}
      placeholder="No timeout"
      onChange={(seconds) => store.update((doc) => setIdleSeconds(doc, block.id, seconds), `${block.id}:idleTimeout`)}
    />
  );
}
