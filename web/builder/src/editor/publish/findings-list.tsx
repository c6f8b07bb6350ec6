import { useStore } from "../../lib/store";
import type { LintFinding } from "../../lib/types";
import { useEditor } from "../editor-context";
import { blockById, groupById } from "../store/selectors";

/** Findings of the flow check; each leads to its block or group on the canvas. */
export function FindingsList({ findings, onPick }: { findings: LintFinding[]; onPick?(): void }) {
  const { store, reveal } = useEditor();
  const doc = useStore(store.doc, (value) => value);
  return (
    <ul className="findings-list" data-testid="findings">
      {findings.map((finding, index) => {
        const block = finding.blockId ? blockById(doc, finding.blockId) : undefined;
        const group = block?.group ?? (finding.groupId ? groupById(doc, finding.groupId) : undefined);
        const where = group ? `${group.title}${block ? ` · block ${block.index + 1}` : ""}` : "Bot";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: two findings may share a message; the list is rebuilt whole on each lint.
          <li key={`${finding.message}-${index}`} className={`finding ${finding.severity}`}>
            <button
              type="button"
              className="finding-button"
              onClick={() => {
                reveal({ groupId: group?.id, blockId: finding.blockId });
                onPick?.();
              }}
            >
              <span className={`badge ${finding.severity === "error" ? "danger" : "warning"}`}>{finding.severity}</span>
              <span className="finding-where">{where}</span>
              <span className="finding-message">{finding.message}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
