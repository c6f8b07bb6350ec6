import type { KnowledgeAnswerBlock } from "../../../../schemas/blocks/integrations/knowledge-answer.js";
import { knowledgeAnswerDefaults } from "../../../../schemas/blocks/catalogue/integrations.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import type { AiChatRequest, KnowledgeHit } from "../../../ports.js";
import { substituteVariables } from "../../../variables/substitute.js";
import { textBubble } from "../../bubbles/text.js";
import type { ActionExecutor, ActionOutcome, ExecutionContext } from "../../executor.js";
import { errorLog, failureLog } from "../ai/chat-completion.js";
import { integrationScope } from "../integration-scope.js";
import { citedSources, knowledgeAnswerMessages, sourcesPlainText, sourcesRichText } from "./answer-prompt.js";
import { retrieveKnowledge, sourceText, variableUpdates } from "./retrieval.js";

type Options = NonNullable<KnowledgeAnswerBlock["options"]>;
const ANSWER_CONTEXT = "While answering from the knowledge base";

/**
 * The exit taken when no passage is good enough: the block's one item; without an edge drawn from
 * it, the block's own edge (the flow goes on, as a Condition's else does).
 */
export const noMatchEdgeId = (block: KnowledgeAnswerBlock): string | undefined =>
  block.items[0]?.outgoingEdgeId ?? block.outgoingEdgeId;

/** Whether the passages can answer: at least one, the best scoring at least the block's threshold. */
export function isGoodMatch(hits: readonly KnowledgeHit[], threshold: number | undefined): boolean {
  const best = hits[0]?.score;
  return best !== undefined && best >= (threshold ?? knowledgeAnswerDefaults.threshold);
}

/** The model call of the block, or the log saying what it lacks. */
export function knowledgeAnswerRequest(
  options: Options,
  question: string,
  hits: readonly KnowledgeHit[],
  ctx: Pick<ExecutionContext, "state">,
): AiChatRequest | ChatLog {
  const provider = options.provider ?? knowledgeAnswerDefaults.provider;
  if (!options.credentialsId) return errorLog(`Could not find credentials for block ${provider}`);
  const model = substituteVariables(options.model ?? "", ctx.state.variables).trim();
  if (!model) return errorLog("No model provided");
  const instructions = options.instructions ? substituteVariables(options.instructions, ctx.state.variables) : "";
  return {
    provider,
    credentialsId: options.credentialsId,
    model,
    messages: knowledgeAnswerMessages(question, hits, instructions),
  };
}

/**
 * The answer and its cited sources: shown as two bubbles and saved into the chosen variables. A
 * streamed answer is on the visitor's screen already: only the sources are shown then.
 */
export function answeredOutcome(
  block: KnowledgeAnswerBlock,
  answer: string,
  hits: readonly KnowledgeHit[],
  ctx: Pick<ExecutionContext, "state" | "format">,
  streamed = false,
): ActionOutcome {
  const options = block.options ?? {};
  const sources = citedSources(answer, hits);
  const variables = variableUpdates(ctx, [
    [options.answerVariableId, answer],
    [options.sourcesVariableId, sources.map(({ hit }) => sourceText(hit))],
  ]);
  const answerBubble = textBubble(`${block.id}.answer`, [{ type: "p", children: [{ text: answer }] }], ctx.format);
  const sourcesBubble = textBubble(`${block.id}.sources`, sourcesRichText(sources), ctx.format);
  return {
    outgoingEdgeId: block.outgoingEdgeId,
    ...(variables.length ? { variables } : {}),
    bubbles: [
      ...(streamed ? [] : [{ bubble: answerBubble, text: answer }]),
      { bubble: sourcesBubble, text: sourcesPlainText(sources) },
    ],
  };
}

/**
 * Knowledge answer: the question's passages; none good enough → the block's "no good match" exit;
 * else a model answers from the numbered passages, and the answer is shown with its sources after it.
 * A block left unconfigured, a server without knowledge or AI, or a failed call logs an error and
 * goes on along the block's own edge, as the AI blocks do.
 */
export const knowledgeAnswerExecutor: ActionExecutor<"knowledge answer"> = {
  kind: "action",
  async execute(block, ctx) {
    const next = { outgoingEdgeId: block.outgoingEdgeId };
    const options = block.options ?? {};
    const retrieved = await retrieveKnowledge(options, ctx);
    if (!retrieved.ok) return { ...next, logs: [retrieved.log] };
    const { hits, query } = retrieved;
    if (!isGoodMatch(hits, options.threshold)) return { outgoingEdgeId: noMatchEdgeId(block) };
    const request = knowledgeAnswerRequest(options, query, hits, ctx);
    if ("status" in request) return { ...next, logs: [request] };
    if (!ctx.ports.ai) return { ...next, logs: [errorLog("AI models are not available on this server")] };
    // A client that streams asks for the answer (services/chat/stream-message.ts) and sends it back.
    if (ctx.state.isStreamEnabled)
      return { ...next, clientSideActions: [{ type: "stream", stream: true, expectsDedicatedReply: true }] };
    const result = await ctx.ports.ai.chat(request, integrationScope(ctx));
    if (!result.ok) return { ...next, logs: [failureLog(result, ANSWER_CONTEXT)] };
    return answeredOutcome(block, result.text, hits, ctx);
  },
  /** The streamed answer the client showed: saved, and its sources shown after it (the search is asked again). */
  async resume(block, reply, ctx) {
    const answer = reply?.trim() ?? "";
    if (!answer) return { outgoingEdgeId: block.outgoingEdgeId };
    const retrieved = await retrieveKnowledge(block.options ?? {}, ctx);
    if (!retrieved.ok) return { outgoingEdgeId: block.outgoingEdgeId, logs: [retrieved.log] };
    return answeredOutcome(block, answer, retrieved.hits, ctx, true);
  },
};

/**
 * The model call a streaming client asks for, rebuilt from the session (the same search, the same
 * passages): the request, or the log saying why there is none.
 */
export async function knowledgeAnswerStreamRequest(
  block: KnowledgeAnswerBlock,
  ctx: ExecutionContext,
): Promise<AiChatRequest | ChatLog> {
  const options = block.options ?? {};
  const retrieved = await retrieveKnowledge(options, ctx);
  if (!retrieved.ok) return retrieved.log;
  return knowledgeAnswerRequest(options, retrieved.query, retrieved.hits, ctx);
}
