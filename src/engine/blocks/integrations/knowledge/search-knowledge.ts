import type { ActionExecutor } from "../../executor.js";
import { retrieveKnowledge, sourceText, variableUpdates } from "./retrieval.js";

/**
 * Retrieval only: the passages' texts, their sources and the best score into the chosen variables,
 * for authors who write their own prompt. No passage found: empty lists and no score.
 */
export const searchKnowledgeExecutor: ActionExecutor<"search knowledge"> = {
  kind: "action",
  async execute(block, ctx) {
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    const options = block.options ?? {};
    const retrieved = await retrieveKnowledge(options, ctx);
    if (!retrieved.ok) return { ...next, logs: [retrieved.log] };
    const { hits } = retrieved;
    const variables = variableUpdates(ctx, [
      [options.hitsVariableId, hits.map((hit) => hit.text)],
      [options.sourcesVariableId, [...new Set(hits.map(sourceText))]],
      [options.bestScoreVariableId, hits[0]?.score ?? null],
    ]);
    return { ...next, ...(variables.length ? { variables } : {}) };
  },
};
