import { searchKnowledgeDefaults } from "../../../../schemas/blocks/catalogue/integrations.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import type { KnowledgeHit } from "../../../ports.js";
import { serializeVariableValue } from "../../../variables/serialize.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { ExecutionContext, VariableUpdate } from "../../executor.js";
import { errorLog } from "../ai/chat-completion.js";
import { integrationScope } from "../integration-scope.js";

/** What both knowledge blocks read to retrieve. */
export type RetrievalOptions = {
  knowledgeBaseId?: string;
  query?: string;
  limit?: number;
  sourcesVariableId?: string;
  /** Unset: the base's own mode. */
  searchMode?: "fulltext" | "vector" | "hybrid";
};

const SEARCH_CONTEXT = "While searching the knowledge base";

/** The question: the block's text with its variables, or (left empty) the visitor's last answer. */
export function knowledgeQuery(query: string | undefined, ctx: Pick<ExecutionContext, "state">): string {
  const written = query?.trim() ? substituteVariables(query, ctx.state.variables).trim() : "";
  if (written) return written;
  const lastAnswer = ctx.state.transcript.findLast((entry) => "role" in entry && entry.role === "user");
  return lastAnswer && "text" in lastAnswer ? lastAnswer.text.trim() : "";
}

/**
 * The passages the block's question finds, best first, or the log saying why there are none (no base
 * chosen, nothing to ask, no knowledge on this server, the search failed). The flow goes on either way.
 */
export async function retrieveKnowledge(
  options: RetrievalOptions,
  ctx: ExecutionContext,
): Promise<{ ok: true; query: string; hits: KnowledgeHit[] } | { ok: false; log: ChatLog }> {
  if (!options.knowledgeBaseId) return { ok: false, log: errorLog("No knowledge base selected") };
  const query = knowledgeQuery(options.query, ctx);
  if (!query) return { ok: false, log: errorLog("The question is empty") };
  if (!ctx.ports.knowledge) return { ok: false, log: errorLog("Knowledge bases are not available on this server") };
  const limit = options.limit ?? searchKnowledgeDefaults.limit;
  const result = await ctx.ports.knowledge.search(
    {
      knowledgeBaseId: options.knowledgeBaseId,
      query,
      limit,
      ...(options.searchMode ? { searchMode: options.searchMode } : {}),
    },
    integrationScope(ctx),
  );
  if (!result.ok) return { ok: false, log: errorLog(result.error, undefined, SEARCH_CONTEXT) };
  // Best first, and never more than asked, whatever the port gave.
  const hits = [...result.hits].sort((a, b) => b.score - a.score).slice(0, limit);
  return { ok: true, query, hits };
}

/**
 * "Document › Heading › Sub", and the page of a PDF: how a passage is named as a source. A document
 * named after its title heading (a Markdown file's "# Shop handbook") does not repeat it.
 */
export function sourceName(hit: KnowledgeHit, pageSeparator: " (p. N)" | ", p. N"): string {
  const headings = hit.headingPath[0] === hit.documentName ? hit.headingPath.slice(1) : hit.headingPath;
  const name = [hit.documentName, ...headings].join(" › ");
  if (hit.page === undefined) return name;
  return pageSeparator === " (p. N)" ? `${name} (p. ${hit.page})` : `${name}, p. ${hit.page}`;
}

/** A source as saved in a variable: the page's URL for web documents, else its name with the page. */
export const sourceText = (hit: KnowledgeHit): string => hit.url ?? sourceName(hit, " (p. N)");

/** The variables only a bot that has them gets: ids the author picked that still exist. */
export function variableUpdates(
  ctx: Pick<ExecutionContext, "state">,
  values: [variableId: string | undefined, value: unknown][],
): VariableUpdate[] {
  return values
    .filter(
      (entry): entry is [string, unknown] =>
        entry[0] !== undefined && ctx.state.variables.some((variable) => variable.id === entry[0]),
    )
    .map(([id, value]) => ({ id, value: serializeVariableValue(value) }));
}
