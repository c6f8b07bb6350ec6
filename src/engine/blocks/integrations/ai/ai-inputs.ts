import type { AiChatMessageOption, AiToolOption } from "../../../../schemas/blocks/integrations/ai/ai-options.js";
import type { ChatLog } from "../../../../schemas/chat.js";
import type { AiMessage, AiTool, SandboxPort } from "../../../ports.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { VariableLike } from "../../../variables/types.js";
import { argsAsGlobals, codeWithArgs, updatesByName } from "../../logic/code.js";
import type { VariableUpdate } from "../../executor.js";

/**
 * The messages of an AI block, in order: written messages with their `{{variables}}` filled, and a
 * Dialogue item expanded from its list variable, alternating speakers from `startsBy` (default user).
 * Empty messages are dropped.
 */
export function aiMessages(options: readonly AiChatMessageOption[] | undefined, variables: readonly VariableLike[]) {
  const messages: AiMessage[] = [];
  for (const message of options ?? []) {
    if (message.role === "Dialogue") {
      const value = message.dialogueVariableId
        ? variables.find((variable) => variable.id === message.dialogueVariableId)?.value
        : undefined;
      const items = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
      const first = message.startsBy ?? "user";
      const second = first === "user" ? "assistant" : "user";
      items.forEach((item, index) => {
        if (item) messages.push({ role: index % 2 === 0 ? first : second, content: item });
      });
      continue;
    }
    const content = substituteVariables(message.content ?? "", variables);
    if (content.trim() !== "") messages.push({ role: message.role, content });
  }
  return messages;
}

/** A number option: a number, or a text (a `{{Variable}}`) that reads as one. */
export function numberOption(value: number | string | undefined, variables: readonly VariableLike[]) {
  if (value === undefined || typeof value === "number") return value;
  const parsed = Number.parseFloat(substituteVariables(value, variables));
  return Number.isNaN(parsed) ? undefined : parsed;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The block's functions as tools: a call runs the function's code in the sandbox, its parameters as
 * globals, `setVariable` collected into `updates`; the answer is the code's result as text. Code
 * never runs on the server's thread, and a function without a sandbox answers that it cannot run.
 */
export function aiTools(
  tools: readonly AiToolOption[] | undefined,
  variables: readonly VariableLike[],
  sandbox: SandboxPort | undefined,
): { tools: AiTool[]; updates: VariableUpdate[]; logs: ChatLog[] } {
  const updates: VariableUpdate[] = [];
  const logs: ChatLog[] = [];
  const result = (tools ?? [])
    .filter((entry) => entry.name && entry.code)
    .map((entry): AiTool => {
      const parameters = (entry.parameters ?? []).filter(
        (parameter) => parameter.name && IDENTIFIER.test(parameter.name),
      );
      return {
        name: entry.name as string,
        ...(entry.description ? { description: entry.description } : {}),
        parameters: {
          type: "object",
          properties: Object.fromEntries(
            parameters.map((parameter) => [
              parameter.name,
              {
                type: parameter.type === "enum" ? "string" : (parameter.type ?? "string"),
                ...(parameter.description ? { description: parameter.description } : {}),
                ...(parameter.type === "enum" && parameter.values?.length ? { enum: parameter.values } : {}),
              },
            ]),
          ),
          required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
          additionalProperties: false,
        },
        async run(args) {
          if (!sandbox) return "This function cannot run: no code sandbox is configured";
          const script = codeWithArgs(entry.code as string, variables);
          const globals = { ...argsAsGlobals(script.args) };
          // Functions declared elsewhere (an assistant's) get every argument the model sent.
          const names = parameters.length ? parameters.map((parameter) => parameter.name as string) : Object.keys(args);
          for (const name of names) if (IDENTIFIER.test(name)) globals[name] = args[name];
          const ran = await sandbox.run({ code: script.content, globals, kind: "script" });
          if (!ran.ok) {
            logs.push({ status: "error", description: `Function ${entry.name} failed`, details: ran.error });
            return `Error: ${ran.error}`;
          }
          updates.push(...updatesByName(ran.setVariables, variables));
          if (ran.value === undefined) return "";
          return typeof ran.value === "string" ? ran.value : JSON.stringify(ran.value);
        },
      };
    });
  return { tools: result, updates, logs };
}
