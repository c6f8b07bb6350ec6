import { TextField } from "../../ui/fields";
import { Choice, ListEditor, Text, useBlock, VariableSelect } from "./block-fields";
import { COMPARISON_OPERATORS } from "./condition-editor";
import { GoogleCredentialsPicker } from "./google-credentials-picker";
import { getIn } from "./set-in";

export function GoogleSheetsSettings() {
  const { block } = useBlock();
  const action = getIn(block, ["options", "action"]);
  const filter = getIn(block, ["options", "filter"]) ?? {};
  return (
    <>
      <GoogleCredentialsPicker type="google sheets" />
      <Text
        path={["options", "spreadsheetId"]}
        label="Spreadsheet id"
        hint="In the sheet's address: docs.google.com/spreadsheets/d/<id>/edit"
      />
      <Text
        path={["options", "sheetId"]}
        label="Sheet id"
        hint="The number after gid= in the address; empty: the first sheet"
      />
      <Choice
        path={["options", "action"]}
        label="Action"
        options={["Get data from sheet", "Insert a row", "Update a row"]}
        emptyLabel="Pick an action"
      />
      {action !== undefined && <p className="muted small">Columns are named by the sheet's header row (row 1).</p>}
      {action === "Insert a row" && <Cells path={["options", "cellsToInsert"]} label="Cells to insert" />}
      {action === "Update a row" && <Cells path={["options", "cellsToUpsert"]} label="Cells to update" />}
      {(action === "Get data from sheet" || action === "Update a row") && (
        <ListEditor<{ id: string; column?: string; comparisonOperator?: string; value?: string }>
          path={["options", "filter", "comparisons"]}
          label="Rows where"
          addLabel="Add a rule"
          make={() => ({ comparisonOperator: "Equal to" })}
          render={(entry, _index, setEntry) => (
            <>
              <TextField label="Column" value={entry.column} onChange={(column) => setEntry({ column })} />
              <label className="field">
                <span>Operator</span>
                <select
                  className="input"
                  value={entry.comparisonOperator ?? "Equal to"}
                  onChange={(event) => setEntry({ comparisonOperator: event.target.value })}
                >
                  {COMPARISON_OPERATORS.map((operator) => (
                    <option key={operator}>{operator}</option>
                  ))}
                </select>
              </label>
              <TextField label="Value" value={entry.value} onChange={(value) => setEntry({ value })} />
            </>
          )}
        />
      )}
      {(action === "Get data from sheet" || action === "Update a row") && (filter.comparisons?.length ?? 0) > 1 && (
        <Choice
          path={["options", "filter", "logicalOperator"]}
          label="Match"
          options={["AND", "OR"]}
          defaultValue="AND"
        />
      )}
      {action === "Get data from sheet" && (
        <>
          <ListEditor<{ id: string; column?: string; variableId?: string }>
            path={["options", "cellsToExtract"]}
            label="Cells to read"
            addLabel="Add a cell"
            make={() => ({})}
            render={(entry, _index, setEntry) => (
              <>
                <TextField label="Column" value={entry.column} onChange={(column) => setEntry({ column })} />
                <VariableSelect
                  label="Save in"
                  value={entry.variableId}
                  onChange={(variableId) => setEntry({ variableId })}
                />
              </>
            )}
          />
          <Choice
            path={["options", "totalRowsToExtract"]}
            label="Rows"
            options={["All", "First", "Last", "Random"]}
            defaultValue="All"
          />
        </>
      )}
      {!action && <p className="muted small">Pick an action to see its options.</p>}
    </>
  );
}

function Cells({ path, label }: { path: string[]; label: string }) {
  return (
    <ListEditor<{ id: string; column?: string; value?: string }>
      path={path}
      label={label}
      addLabel="Add a cell"
      make={() => ({})}
      render={(entry, _index, setEntry) => (
        <>
          <TextField label="Column" value={entry.column} onChange={(column) => setEntry({ column })} />
          <TextField label="Value" value={entry.value} onChange={(value) => setEntry({ value })} />
        </>
      )}
    />
  );
}
