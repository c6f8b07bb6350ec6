import { TextField } from "../../../ui/fields";
import { KeyValues, ListEditor, Text, Toggle, useBlock } from "../block-fields";
import { getIn } from "../set-in";
import { PluginAccount, useAction } from "./plugin-account";

/** PostHog: capture events, identify groups. */
export function PostHogSettings() {
  const action = useAction();
  const { block } = useBlock();
  const anonymous = getIn(block, ["options", "isAnonymous"]) === true;
  return (
    <>
      <PluginAccount label="PostHog" actions={["Capture", "Identify Group"]} />
      {action === "Capture" && (
        <>
          <Toggle
            path={["options", "isAnonymous"]}
            label="Anonymous"
            hint="A fresh id for each event, no person profile."
          />
          {!anonymous && <Text path={["options", "distinctId"]} label="Distinct ID" />}
          <Text path={["options", "event"]} label="Event" />
          <KeyValues path={["options", "properties"]} label="Properties" />
          {!anonymous && <KeyValues path={["options", "personProperties"]} label="Person properties" />}
          <ListEditor<{ id: string; type?: string; key?: string }>
            path={["options", "groups"]}
            label="Associated groups"
            addLabel="Add a group"
            make={() => ({})}
            render={(entry, _index, setEntry) => (
              <>
                <TextField label="Type" value={entry.type} onChange={(type) => setEntry({ type })} />
                <TextField label="Key" value={entry.key} onChange={(key) => setEntry({ key })} />
              </>
            )}
          />
        </>
      )}
      {action === "Identify Group" && (
        <>
          <Text path={["options", "groupType"]} label="Group type" />
          <Text path={["options", "groupKey"]} label="Group key" />
          <Text path={["options", "distinctId"]} label="Distinct ID" hint="Optional: the group's own id otherwise." />
          <KeyValues path={["options", "properties"]} label="Properties" />
        </>
      )}
    </>
  );
}
