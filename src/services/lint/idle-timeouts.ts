import { idleTimeoutOf } from "../../engine/idle-timeout.js";
import { at, type LintCheck } from "./finding.js";

/** An input with an idle timeout but no idle path (warning): when the visitor stays silent, the chat just ends. */
export const checkIdleTimeouts: LintCheck = (doc) =>
  doc.groups.flatMap((group) =>
    group.blocks.flatMap((block) => {
      const idleTimeout = idleTimeoutOf(block);
      return idleTimeout && !idleTimeout.outgoingEdgeId
        ? [
            at(
              { groupId: group.id, blockId: block.id },
              "warning",
              `This input's idle timeout (${idleTimeout.seconds} s) leads nowhere: a silent visitor's chat would end`,
            ),
          ]
        : [];
    }),
  );
