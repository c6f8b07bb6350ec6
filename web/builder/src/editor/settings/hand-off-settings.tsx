import { handOffDefaults } from "../../../../../src/schemas/blocks/catalogue/index.js";
import { Num, Text, Toggle } from "./block-fields";

const MAX_HAND_OFF_SECONDS = 86_400;

/** Hand off to a person: what the visitor reads while waiting, the team's note, and the no-operator timeout. */
export function HandOffSettings() {
  return (
    <>
      <Text
        path={["options", "waitingMessage"]}
        label="Message while the visitor waits"
        placeholder={handOffDefaults.waitingMessage}
        multiline
      />
      <Text
        path={["options", "teamNote"]}
        label="Note for the team"
        hint="Shown in the Inbox only, never to the visitor."
        multiline
      />
      <Num
        path={["options", "timeoutSeconds"]}
        label="No operator after (seconds)"
        hint={`1 to ${MAX_HAND_OFF_SECONDS.toLocaleString("en")}. The flow goes on at the "No operator" exit when nobody took the chat; empty: it waits as long as the chat lives.`}
        min={1}
        max={MAX_HAND_OFF_SECONDS}
        step={1}
        placeholder="No timeout"
      />
      <Toggle
        path={["options", "displayOperatorName"]}
        label="Show the operator's name to the visitor"
        defaultValue={handOffDefaults.displayOperatorName}
      />
    </>
  );
}
