import { Text, Variable } from "../block-fields";
import { PluginForm } from "./plugin-form";

/** QR code: drawn on the server, its image URL saved in a variable. */
export function QrCodeSettings() {
  return (
    <PluginForm
      label="QR code"
      forms={{
        "Generate a QR Code": (
          <>
            <Text path={["options", "data"]} label="Data" multiline placeholder="https://example.com/{{Ticket}}" />
            <Variable path={["options", "saveUrlInVariableId"]} label="Save image URL in variable" />
          </>
        ),
      }}
    />
  );
}
