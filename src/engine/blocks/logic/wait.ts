import { substituteVariables } from "../../variables/substitute.js";
import type { ActionExecutor } from "../executor.js";

/** The server never sleeps: the client waits, and with `shouldPause` answers when it is done. */
export const waitExecutor: ActionExecutor<"Wait"> = {
  kind: "action",
  execute(block, ctx) {
    const raw = block.options?.secondsToWaitFor;
    const seconds = raw
      ? Number.parseFloat(substituteVariables(raw, ctx.state.variables).replace(",", "."))
      : Number.NaN;
    const shouldPause = block.options?.shouldPause ?? false;
    if (Number.isNaN(seconds) || seconds < 0 || (seconds === 0 && !shouldPause))
      return { outgoingEdgeId: block.outgoingEdgeId };
    return {
      outgoingEdgeId: block.outgoingEdgeId,
      clientSideActions: [
        { type: "wait", wait: { secondsToWaitFor: seconds }, ...(shouldPause ? { expectsDedicatedReply: true } : {}) },
      ],
    };
  },
};
