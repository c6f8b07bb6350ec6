import { TextField } from "../../../ui/fields";
import { Choice, KeyValues, ListEditor, Text, VariableSelect } from "../block-fields";
import { PluginAccount, useAction } from "./plugin-account";

const actions = ["Search Records", "Create Record", "Update Existing Record"];
const operators = [
  "Equal to",
  "Not equal",
  "Contains",
  "Greater than",
  "Less than",
  "Is set",
  "Is empty",
  "Starts with",
  "Ends with",
];

type Comparison = { id: string; input?: string; operator?: string; value?: string };

/** The filter rows, sent to NocoDB as its `where` syntax; the joiner only matters from two rows on. */
function NocoDbFilter({ label }: { label: string }) {
  return (
    <>
      <ListEditor<Comparison>
        path={["options", "filter", "comparisons"]}
        label={label}
        addLabel="Add a comparison"
        make={() => ({ operator: "Equal to" })}
        render={(entry, _index, setEntry) => (
          <>
            <TextField label="Column" value={entry.input} onChange={(input) => setEntry({ input })} />
            <label className="field">
              <span>Operator</span>
              <select
                className="input"
                value={entry.operator ?? "Equal to"}
                onChange={(event) => setEntry({ operator: event.target.value })}
              >
                {operators.map((operator) => (
                  <option key={operator}>{operator}</option>
                ))}
              </select>
            </label>
            {entry.operator !== "Is set" && entry.operator !== "Is empty" && (
              <TextField label="Value" value={entry.value} onChange={(value) => setEntry({ value })} />
            )}
          </>
        )}
      />
      <Choice
        path={["options", "filter", "joiner"]}
        label="Join comparisons with"
        options={["AND", "OR"]}
        defaultValue="AND"
      />
    </>
  );
}

/** NocoDB: search, create or update records of a table. */
export function NocoDbSettings() {
  const action = useAction();
  return (
    <>
      <PluginAccount label="NocoDB" actions={actions} />
      {action && (
        <Text path={["options", "tableId"]} label="Table ID" hint="In NocoDB: the 3 dots next to the table's name." />
      )}
      {(action === "Search Records" || action === "Update Existing Record") && (
        <Text path={["options", "viewId"]} label="View ID" hint="Optional: search this view's records only." />
      )}
      {action === "Search Records" && (
        <>
          <Choice
            path={["options", "returnType"]}
            label="Return"
            options={["All", "First", "Last", "Random"]}
            defaultValue="All"
          />
          <NocoDbFilter label="Filter" />
          <ListEditor<{ id: string; fieldName?: string; variableId?: string }>
            path={["options", "responseMapping"]}
            label="Save in variables"
            addLabel="Add a mapping"
            make={() => ({})}
            render={(entry, _index, setEntry) => (
              <>
                <TextField
                  label="Field name"
                  value={entry.fieldName}
                  onChange={(fieldName) => setEntry({ fieldName })}
                />
                <VariableSelect
                  label="Variable"
                  value={entry.variableId}
                  onChange={(variableId) => setEntry({ variableId })}
                />
              </>
            )}
          />
        </>
      )}
      {action === "Create Record" && <KeyValues path={["options", "fields"]} label="Fields" />}
      {action === "Update Existing Record" && (
        <>
          <NocoDbFilter label="Records to update" />
          <ListEditor<{ id: string; fieldName?: string; value?: string }>
            path={["options", "updates"]}
            label="Updates"
            addLabel="Add an update"
            make={() => ({})}
            render={(entry, _index, setEntry) => (
              <>
                <TextField
                  label="Field name"
                  value={entry.fieldName}
                  onChange={(fieldName) => setEntry({ fieldName })}
                />
                <TextField label="Value" value={entry.value} onChange={(value) => setEntry({ value })} />
              </>
            )}
          />
        </>
      )}
    </>
  );
}
