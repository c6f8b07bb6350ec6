import type { PluginBlockOf } from "../plugins/plugin-block.js";
import { serializeVariableValue } from "../../../variables/serialize.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { ActionOutcome, ExecutionContext, VariableUpdate } from "../../executor.js";
import { integrationScope } from "../integration-scope.js";
import { errorLog, failureLog } from "./chat-completion.js";

/**
 * "Generate variables": the model reads the prompt and answers one object whose keys are the names of
 * the variables to extract (their types, descriptions and allowed values as its schema); each value
 * that is not null is written.
 */
export async function runGenerateVariables(
  provider: "openai" | "anthropic" | "mistral",
  block: PluginBlockOf<"openai" | "anthropic" | "mistral">,
  ctx: ExecutionContext,
): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const options = block.options ?? {};
  const variables = ctx.state.variables;
  if (!options.credentialsId) return { ...next, logs: [errorLog(`Could not find credentials for block ${provider}`)] };
  const model = substituteVariables(options.model ?? "", variables).trim();
  if (!model) return { ...next, logs: [errorLog("No model provided")] };
  const prompt = substituteVariables(options.prompt ?? "", variables).trim();
  if (!prompt) return { ...next, logs: [errorLog("No prompt provided")] };
  const fields = (options.variablesToExtract ?? []).flatMap((entry) => {
    const variable = variables.find((candidate) => candidate.id === entry.variableId);
    return variable ? [{ ...entry, name: variable.name, id: variable.id }] : [];
  });
  if (fields.length === 0) return { ...next, logs: [errorLog("No variables to extract")] };
  const schema = {
    type: "object",
    properties: Object.fromEntries(
      fields.map((field) => {
        const type = field.type ?? "string";
        const base =
          type === "array"
            ? { type: "array", items: { type: "string" } }
            : type === "enum"
              ? { type: "string", ...(field.values?.length ? { enum: field.values } : {}) }
              : { type };
        const described = field.description ? { ...base, description: field.description } : base;
        // An optional value may be null: the model says it found nothing rather than inventing one.
        return [field.name, field.isRequired === false ? { anyOf: [described, { type: "null" }] } : described];
      }),
    ),
    required: fields.map((field) => field.name),
    additionalProperties: false,
  };
  if (!ctx.ports.ai) return { ...next, logs: [errorLog("AI models are not available on this server")] };
  const result = await ctx.ports.ai.generateObject(
    { provider, credentialsId: options.credentialsId, model, prompt, schema },
    integrationScope(ctx),
  );
  if (!result.ok) return { ...next, logs: [failureLog(result, "While generating variables")] };
  const updates: VariableUpdate[] = [];
  for (const field of fields) {
    const value = result.object[field.name];
    if (value !== null && value !== undefined) updates.push({ id: field.id, value: serializeVariableValue(value) });
  }
  return { ...next, variables: updates };
}
