import { aiDefaults } from "../../../../schemas/blocks/integrations/ai/ai-options.js";
import type { PluginBlockOf } from "../plugins/plugin-block.js";
import { serializeVariableValue } from "../../../variables/serialize.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { VariableLike } from "../../../variables/types.js";
import type { ActionOutcome, ExecutionContext, VariableUpdate } from "../../executor.js";
import { integrationScope } from "../integration-scope.js";
import { aiTools, numberOption } from "./ai-inputs.js";
import { errorLog, failureLog } from "./chat-completion.js";

type Block = PluginBlockOf<"openai">;
const missingCredentials = errorLog("Could not find credentials for block openai");
const unavailable = errorLog("AI models are not available on this server");

const set = (variables: readonly VariableLike[], variableId: string | undefined, value: unknown): VariableUpdate[] =>
  variableId && variables.some((variable) => variable.id === variableId)
    ? [{ id: variableId, value: serializeVariableValue(value) }]
    : [];

/** "Ask Model": the Responses API, continuing from the response id saved in a variable. */
export async function runAskModel(block: Block, ctx: ExecutionContext): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const options = block.options ?? {};
  const variables = ctx.state.variables;
  if (!options.credentialsId) return { ...next, logs: [missingCredentials] };
  const model = substituteVariables(options.model ?? "", variables).trim();
  if (!model) return { ...next, logs: [errorLog("No model provided")] };
  const input = substituteVariables(options.message ?? "", variables).trim();
  if (!input) return { ...next, logs: [errorLog("No message provided")] };
  if (!ctx.ports.ai) return { ...next, logs: [unavailable] };
  const previous = options.responseIdVariableId
    ? variables.find((variable) => variable.id === options.responseIdVariableId)?.value
    : undefined;
  const tools = aiTools(options.functions, variables, ctx.ports.sandbox);
  const instructions = options.instructions ? substituteVariables(options.instructions, variables) : "";
  const temperature = numberOption(options.temperature, variables);
  const maxResults = numberOption(options.fileSearchMaxNumResults, variables);
  const threshold = numberOption(options.fileSearchScoreThreshold, variables);
  const result = await ctx.ports.ai.askModel(
    {
      provider: "openai",
      credentialsId: options.credentialsId,
      model,
      input,
      ...(instructions ? { instructions } : {}),
      ...(typeof previous === "string" && previous ? { previousResponseId: previous } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
      ...(tools.tools.length ? { tools: tools.tools } : {}),
      ...(options.webSearchEnabled ? { webSearch: true } : {}),
      ...(options.codeInterpreterEnabled ? { codeInterpreter: true } : {}),
      ...(options.fileSearchVectorStoreIds?.length
        ? {
            fileSearch: {
              vectorStoreIds: options.fileSearchVectorStoreIds,
              ...(maxResults !== undefined ? { maxNumResults: Math.min(50, Math.max(1, maxResults)) } : {}),
              ...(threshold !== undefined ? { scoreThreshold: Math.min(1, Math.max(0, threshold)) } : {}),
            },
          }
        : {}),
    },
    integrationScope(ctx),
  );
  if (!result.ok)
    return {
      ...next,
      ...(tools.updates.length ? { variables: tools.updates } : {}),
      logs: [...tools.logs, failureLog(result, "While asking model")],
    };
  const updates = [...tools.updates, ...set(variables, options.responseIdVariableId, result.responseId)];
  for (const mapping of options.responseMapping ?? [])
    updates.push(
      ...set(
        variables,
        mapping.variableId,
        (mapping.item ?? "Message") === "Message" ? result.text : result.responseId,
      ),
    );
  return { ...next, variables: updates, ...(tools.logs.length ? { logs: tools.logs } : {}) };
}

/** "Ask Assistant" (kept for imported bots): a thread kept in a variable, functions run as sandboxed code. */
export async function runAskAssistant(block: Block, ctx: ExecutionContext): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const options = block.options ?? {};
  const variables = ctx.state.variables;
  if (!options.credentialsId) return { ...next, logs: [missingCredentials] };
  const assistantId = substituteVariables(options.assistantId ?? "", variables).trim();
  if (!assistantId) return { ...next, logs: [errorLog("No assistant provided")] };
  const message = substituteVariables(options.message ?? "", variables).trim();
  if (!message) return { ...next, logs: [errorLog("No message provided")] };
  if (!ctx.ports.ai) return { ...next, logs: [unavailable] };
  const thread = options.threadVariableId
    ? variables.find((variable) => variable.id === options.threadVariableId)?.value
    : undefined;
  // Assistant functions declare their parameters on OpenAI's side: any arguments are passed through.
  const tools = aiTools(
    (options.functions ?? []).map((entry) => ({ name: entry.name, code: entry.code })),
    variables,
    ctx.ports.sandbox,
  );
  const additional = options.additionalInstructions
    ? substituteVariables(options.additionalInstructions, variables)
    : "";
  const result = await ctx.ports.ai.askAssistant(
    {
      provider: "openai",
      credentialsId: options.credentialsId,
      model: "",
      assistantId,
      message,
      ...(typeof thread === "string" && thread ? { threadId: thread } : {}),
      ...(additional ? { additionalInstructions: additional } : {}),
      ...(tools.tools.length ? { tools: tools.tools } : {}),
    },
    integrationScope(ctx),
  );
  if (!result.ok) return { ...next, logs: [...tools.logs, failureLog(result, "While asking assistant")] };
  const updates = [...tools.updates, ...set(variables, options.threadVariableId, result.threadId)];
  for (const mapping of options.responseMapping ?? [])
    updates.push(
      ...set(variables, mapping.variableId, (mapping.item ?? "Message") === "Message" ? result.text : result.threadId),
    );
  return { ...next, variables: updates, ...(tools.logs.length ? { logs: tools.logs } : {}) };
}

/** "Create speech": the audio is stored with the uploads; its URL goes to the variable. */
export async function runCreateSpeech(block: Block, ctx: ExecutionContext): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const options = block.options ?? {};
  const variables = ctx.state.variables;
  if (!options.credentialsId) return { ...next, logs: [missingCredentials] };
  const input = substituteVariables(options.input ?? "", variables).trim();
  if (!input) return { ...next, logs: [errorLog("No input provided")] };
  if (!ctx.ports.ai) return { ...next, logs: [unavailable] };
  const instructions = options.instructions ? substituteVariables(options.instructions, variables) : "";
  const result = await ctx.ports.ai.createSpeech(
    {
      provider: "openai",
      credentialsId: options.credentialsId,
      model: substituteVariables(options.model ?? "", variables).trim() || aiDefaults.speechModel,
      input,
      ...(options.voice ? { voice: options.voice } : {}),
      ...(instructions ? { instructions } : {}),
    },
    integrationScope(ctx),
  );
  if (!result.ok) return { ...next, logs: [failureLog(result, "While generating speech")] };
  return { ...next, variables: set(variables, options.saveUrlInVariableId, result.url) };
}

/** "Create transcription": the audio at a URL (a visitor's recording, say) to text. */
export async function runCreateTranscription(block: Block, ctx: ExecutionContext): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const options = block.options ?? {};
  const variables = ctx.state.variables;
  if (!options.credentialsId) return { ...next, logs: [missingCredentials] };
  const audioUrl = substituteVariables(options.url ?? "", variables).trim();
  if (!audioUrl) return { ...next, logs: [errorLog("No audio URL provided")] };
  if (!ctx.ports.ai) return { ...next, logs: [unavailable] };
  const prompt = options.prompt ? substituteVariables(options.prompt, variables) : "";
  const result = await ctx.ports.ai.transcribe(
    {
      provider: "openai",
      credentialsId: options.credentialsId,
      model: substituteVariables(options.model ?? "", variables).trim() || aiDefaults.transcriptionModel,
      audioUrl,
      ...(prompt ? { prompt } : {}),
    },
    integrationScope(ctx),
  );
  if (!result.ok) return { ...next, logs: [failureLog(result, "While transcribing")] };
  return { ...next, variables: set(variables, options.transcriptionVariableId, result.text) };
}
