import { credentialsTypeOfBlock } from "../../../../../../src/schemas/plugin-credentials.js";
import { CredentialsPicker } from "../ai/credentials-picker";
import { Choice, useBlock } from "../block-fields";
import { getIn, setIn } from "../set-in";

/**
 * The head of a plug-in's settings: its account (the workspace's credentials of the block's type,
 * or new ones made on the spot) and its action. An action this form does not offer (an imported
 * bot's) stays listed so it is not silently replaced.
 */
export function PluginAccount({ label, actions }: { label: string; actions: readonly string[] }) {
  const { block, update } = useBlock();
  const action: string | undefined = getIn(block, ["options", "action"]);
  const offered = action && !actions.includes(action) ? [...actions, action] : actions;
  const credentialsType = credentialsTypeOfBlock(block.type);
  return (
    <>
      {credentialsType && (
        <CredentialsPicker
          type={credentialsType}
          label={label}
          value={getIn(block, ["options", "credentialsId"])}
          onChange={(id) =>
            update((current) => setIn(current, ["options", "credentialsId"], id), `${block.id}:credentials`)
          }
        />
      )}
      <Choice path={["options", "action"]} label="Action" options={offered} emptyLabel="Select an action" />
    </>
  );
}

/** The action the block runs. */
export function useAction(): string | undefined {
  const { block } = useBlock();
  return getIn(block, ["options", "action"]);
}
