import { at, type LintCheck } from "./finding.js";
import { emptyBubbleReason } from "./bubble-content.js";

/** Bubbles with nothing to show (warnings): a text without text, a media bubble without its URL. */
export const checkEmptyBubbles: LintCheck = (doc) =>
  doc.groups.flatMap((group) =>
    group.blocks.flatMap((block) => {
      const reason = emptyBubbleReason(block);
      return reason
        ? [at({ groupId: group.id, blockId: block.id }, "warning", `${reason}: the visitor would see nothing here`)]
        : [];
    }),
  );
