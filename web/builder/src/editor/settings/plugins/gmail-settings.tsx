import { Choice, ListEditor, Text, useBlock, Variable, VariableSelect } from "../block-fields";
import { GoogleCredentialsPicker } from "../google-credentials-picker";
import { getIn } from "../set-in";

/** The `gmail` plug-in: its one action, "Send email", from a connected Google account. */
export function GmailSettings() {
  const { block } = useBlock();
  const threadId: string | undefined = getIn(block, ["options", "threadId"]);
  return (
    <>
      <GoogleCredentialsPicker type="gmail" />
      <Choice path={["options", "action"]} label="Action" options={["Send email"]} emptyLabel="Select an action" />
      <Text path={["options", "to"]} label="To" hint="Addresses separated by commas." />
      <Text path={["options", "subject"]} label="Subject" />
      <Text path={["options", "body"]} label="Body" multiline hint="Plain text." />
      <Variable
        path={["options", "attachments"]}
        label="Attachments"
        hint="A variable holding file URLs (one or a list); Gmail takes 25 MB in all."
      />
      <Text path={["options", "label"]} label="Label" hint="Added to the sent message; created when missing." />
      <Text path={["options", "threadId"]} label="Thread ID" hint="Sends the email as a reply in that thread." />
      <Text path={["options", "from"]} label="From" placeholder="John Doe <john.doe@gmail.com>" />
      {!threadId && <Text path={["options", "replyTo"]} label="Reply to" placeholder="john.doe@gmail.com" />}
      <ListEditor<{ id: string; item?: string; variableId?: string }>
        path={["options", "responseMapping"]}
        label="Save in variables"
        addLabel="Add a mapping"
        make={() => ({ item: "Message ID" })}
        render={(entry, _index, setEntry) => (
          <>
            <label className="field">
              <span>Value</span>
              <select
                className="input"
                value={entry.item ?? "Message ID"}
                onChange={(event) => setEntry({ item: event.target.value })}
              >
                <option>Message ID</option>
                <option>Thread ID</option>
              </select>
            </label>
            <VariableSelect
              label="Variable"
              value={entry.variableId}
              onChange={(variableId) => setEntry({ variableId })}
            />
          </>
        )}
      />
    </>
  );
}
