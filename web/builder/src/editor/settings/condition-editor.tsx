import { createId } from "../../lib/ids";
import type { Comparison, Condition } from "../../lib/types";
import { SelectField, TextField } from "../../ui/fields";
import { VariableSelect } from "./block-fields";

export const COMPARISON_OPERATORS = [
  "Equal to",
  "Not equal",
  "Contains",
  "Does not contain",
  "Greater than",
  "Greater or equal to",
  "Less than",
  "Less or equal to",
  "Is set",
  "Is empty",
  "Starts with",
  "Ends with",
  "Matches regex",
  "Does not match regex",
] as const satisfies readonly NonNullable<Comparison["comparisonOperator"]>[];

const NO_VALUE = new Set(["Is set", "Is empty"]);

/** Comparisons joined by AND / OR, as used by Condition items and display conditions. */
export function ConditionEditor({
  value,
  onChange,
  label = "Condition",
}: {
  value: Condition | undefined;
  onChange(value: Condition): void;
  label?: string;
}) {
  const comparisons = value?.comparisons ?? [];
  const write = (next: Comparison[]) => onChange({ ...value, comparisons: next });
  return (
    <fieldset className="fieldset condition-editor">
      <legend>{label}</legend>
      {comparisons.length > 1 && (
        <SelectField
          label="Match"
          value={value?.logicalOperator ?? "AND"}
          options={[
            { value: "AND", label: "All of them (AND)" },
            { value: "OR", label: "Any of them (OR)" },
          ]}
          onChange={(logicalOperator) =>
            onChange({ ...value, logicalOperator: logicalOperator as Condition["logicalOperator"] })
          }
        />
      )}
      {comparisons.map((comparison, index) => (
        <div key={comparison.id} className="list-entry">
          <div className="list-entry-fields">
            <VariableSelect
              label="Variable"
              value={comparison.variableId}
              onChange={(variableId) =>
                write(comparisons.map((entry, position) => (position === index ? { ...entry, variableId } : entry)))
              }
            />
            <SelectField
              label="Operator"
              value={comparison.comparisonOperator ?? "Equal to"}
              options={COMPARISON_OPERATORS}
              onChange={(comparisonOperator) =>
                write(
                  comparisons.map((entry, position) => (position === index ? { ...entry, comparisonOperator } : entry)),
                )
              }
            />
            {!NO_VALUE.has(comparison.comparisonOperator ?? "") && (
              <TextField
                label="Value"
                value={comparison.value}
                onChange={(text) =>
                  write(comparisons.map((entry, position) => (position === index ? { ...entry, value: text } : entry)))
                }
              />
            )}
          </div>
          <button
            type="button"
            className="icon-button small"
            aria-label={`Remove comparison ${index + 1}`}
            onClick={() => write(comparisons.filter((_, position) => position !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button small"
        onClick={() => write([...comparisons, { id: createId(), comparisonOperator: "Equal to" }])}
      >
        Add a comparison
      </button>
    </fieldset>
  );
}
