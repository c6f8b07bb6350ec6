import type { ReactNode } from "react";
import { Choice, useBlock } from "../block-fields";
import { getIn, setIn } from "../set-in";
import { credentialsTypeOfBlock } from "../../../../../../src/schemas/plugin-credentials.js";
import { type CredentialsKey, CredentialsPicker } from "../ai/credentials-picker";

/**
 * The frame of a plug-in's settings: its account (unless it needs none), its action, and the chosen
 * action's form from `forms`.
 */
export function PluginForm({
  label,
  credentials,
  forms,
}: {
  label: string;
  /** The credential's secret fields; unset: the plug-in needs no account. */
  credentials?: CredentialsKey[];
  forms: Record<string, ReactNode>;
}) {
  const { block, update } = useBlock();
  const action: string | undefined = getIn(block, ["options", "action"]);
  const credentialsType = credentialsTypeOfBlock(block.type);
  return (
    <>
      {credentials && credentialsType && (
        <CredentialsPicker
          type={credentialsType}
          label={label}
          keys={credentials}
          value={getIn(block, ["options", "credentialsId"])}
          onChange={(id) =>
            update((current) => setIn(current, ["options", "credentialsId"], id), `${block.id}:credentials`)
          }
        />
      )}
      <Choice path={["options", "action"]} label="Action" options={Object.keys(forms)} emptyLabel="Select an action" />
      {action && Object.hasOwn(forms, action) ? forms[action] : null}
    </>
  );
}
