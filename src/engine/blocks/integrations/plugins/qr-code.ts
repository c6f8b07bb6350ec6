import { qrCodeActions } from "../../../../schemas/blocks/integrations/plugins/qr-code-options.js";
import { substituteVariables } from "../../../variables/substitute.js";
import type { ActionOutcome, ExecutionContext } from "../../executor.js";
import { errorLog } from "../ai/chat-completion.js";
import { type PluginBlockOf, pluginExecutor, saveInVariable, unavailableLog } from "./plugin-block.js";

/** "Generate a QR Code": drawn on this server, stored with the uploads; the PNG's URL goes to the variable. */
async function generateQrCode(block: PluginBlockOf<"qr-code">, ctx: ExecutionContext): Promise<ActionOutcome> {
  const next = { outgoingEdgeId: block.outgoingEdgeId };
  const options = block.options ?? {};
  const variables = ctx.state.variables;
  // The data is encoded as written (spaces included): only an empty one is refused.
  const data = substituteVariables(options.data ?? "", variables);
  if (!data.trim())
    return {
      ...next,
      logs: [errorLog("QR code data is empty. Please provide the data to be encoded into the QR code.")],
    };
  if (!options.saveUrlInVariableId)
    return {
      ...next,
      logs: [
        errorLog("QR code image URL is not specified. Please select a variable to save the generated QR code image."),
      ],
    };
  if (!ctx.ports.qrCode) return { ...next, logs: [unavailableLog("QR code generation")] };
  const result = await ctx.ports.qrCode.generate(data);
  if (!result.ok) return { ...next, logs: [errorLog(result.error, result.details, "While generating QR code")] };
  return { ...next, variables: saveInVariable(variables, options.saveUrlInVariableId, result.url) };
}

export const qrCodeExecutor = pluginExecutor("qr-code", { [qrCodeActions.generate]: generateQrCode });
