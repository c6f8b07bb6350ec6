import type { ReactNode } from "react";
import { createId } from "../../lib/ids";
import type { Block, Condition } from "../../lib/types";
import { SelectField, TextField } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { pruneEdges, updateBlock } from "../store/operations";
import { ListEditor, Text, Toggle, useBlock, Variable, VariableSelect } from "./block-fields";
import { ConditionEditor } from "./condition-editor";
import { choiceInputDefaults, defaultButtonLabel } from "../../../../../src/schemas/blocks/catalogue/index.js";

type Item = { id: string; [key: string]: any };

/** Items of a branching block: edit, add, remove (their edges go with them), move up and down. */
function ItemsEditor({
  label,
  addLabel,
  make,
  render,
  min = 1,
}: {
  label: string;
  addLabel: string;
  make(): Item;
  render(item: Item, setItem: (patch: Record<string, unknown>) => void, index: number): ReactNode;
  min?: number;
}) {
  const { store } = useEditor();
  const { block, update } = useBlock();
  const items = ((block as { items?: Item[] }).items ?? []) as Item[];
  const write = (next: Item[], coalesce?: string) =>
    update((current) => ({ ...current, items: next }) as Block, coalesce);
  const move = (index: number, delta: number) => {
    const next = [...items];
    const [entry] = next.splice(index, 1);
    next.splice(index + delta, 0, entry);
    write(next);
  };
  return (
    <fieldset className="fieldset items-editor">
      <legend>{label}</legend>
      {items.map((item, index) => (
        <div key={item.id} className="item-entry" data-testid="item-entry">
          <div className="item-entry-header">
            <span className="muted small">#{index + 1}</span>
            <button
              type="button"
              className="icon-button small"
              aria-label={`Move item ${index + 1} up`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon-button small"
              aria-label={`Move item ${index + 1} down`}
              disabled={index === items.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="icon-button small"
              aria-label={`Remove item ${index + 1}`}
              disabled={items.length <= min}
              onClick={() =>
                store.update((doc) =>
                  pruneEdges(
                    updateBlock(
                      doc,
                      block.id,
                      (current) => ({ ...current, items: items.filter((entry) => entry.id !== item.id) }) as Block,
                    ),
                  ),
                )
              }
            >
              ×
            </button>
          </div>
          {render(
            item,
            (patch) =>
              write(
                items.map((entry) => (entry.id === item.id ? { ...entry, ...patch } : entry)),
                `${block.id}:${item.id}:${Object.keys(patch).join()}`,
              ),
            index,
          )}
        </div>
      ))}
      <button type="button" className="button small" onClick={() => write([...items, make()])}>
        {addLabel}
      </button>
    </fieldset>
  );
}

function DisplayCondition({
  value,
  onChange,
}: {
  value: { isEnabled?: boolean; condition?: Condition } | undefined;
  onChange(value: { isEnabled?: boolean; condition?: Condition }): void;
}) {
  return (
    <>
      <label className="inline-check">
        <input
          type="checkbox"
          checked={value?.isEnabled ?? false}
          onChange={(event) => onChange({ ...value, isEnabled: event.target.checked })}
        />{" "}
        Show only when…
      </label>
      {value?.isEnabled && (
        <ConditionEditor
          label="Display condition"
          value={value.condition}
          onChange={(condition) => onChange({ ...value, condition })}
        />
      )}
    </>
  );
}

export function ChoiceInputSettings() {
  const { block } = useBlock();
  const options = ((block as { options?: Record<string, any> }).options ?? {}) as Record<string, any>;
  return (
    <>
      <ItemsEditor
        label="Buttons"
        addLabel="Add a button"
        make={() => ({ id: createId(), content: "" })}
        render={(item, setItem, index) => (
          <>
            <TextField
              label={`Button ${index + 1} text`}
              value={item.content}
              onChange={(content) => setItem({ content })}
            />
            <TextField
              label="Internal value"
              hint="Saved instead of the text when set."
              value={item.value}
              onChange={(value) => setItem({ value: value || undefined })}
            />
            <DisplayCondition
              value={item.displayCondition}
              onChange={(displayCondition) => setItem({ displayCondition })}
            />
          </>
        )}
      />
      <Toggle path={["options", "isMultipleChoice"]} label="Several choices allowed" />
      {options.isMultipleChoice && (
        <Text path={["options", "buttonLabel"]} label="Submit button label" placeholder={defaultButtonLabel} />
      )}
      <Toggle path={["options", "isSearchable"]} label="Searchable" />
      {options.isSearchable && (
        <>
          <Text
            path={["options", "searchInputPlaceholder"]}
            label="Search placeholder"
            placeholder={choiceInputDefaults.searchInputPlaceholder}
          />
          <Toggle
            path={["options", "areInitialSearchButtonsVisible"]}
            label="Show the buttons before typing"
            defaultValue
          />
        </>
      )}
      <Variable
        path={["options", "dynamicVariableId"]}
        label="Buttons from a list variable"
        hint="Its values replace the buttons above."
      />
      <Variable path={["options", "variableId"]} label="Save the answer in" />
    </>
  );
}

export function PictureChoiceSettings() {
  const { block } = useBlock();
  const options = ((block as { options?: Record<string, any> }).options ?? {}) as Record<string, any>;
  return (
    <>
      <Toggle path={["options", "dynamicItems", "isEnabled"]} label="Pictures from list variables" />
      {options.dynamicItems?.isEnabled ? (
        <>
          <Variable path={["options", "dynamicItems", "pictureSrcsVariableId"]} label="Picture addresses" />
          <Variable path={["options", "dynamicItems", "titlesVariableId"]} label="Titles" />
          <Variable path={["options", "dynamicItems", "descriptionsVariableId"]} label="Descriptions" />
        </>
      ) : (
        <ItemsEditor
          label="Pictures"
          addLabel="Add a picture"
          make={() => ({ id: createId() })}
          render={(item, setItem) => (
            <>
              <TextField
                label="Picture address"
                value={item.pictureSrc}
                onChange={(pictureSrc) => setItem({ pictureSrc })}
              />
              <TextField label="Title" value={item.title} onChange={(title) => setItem({ title })} />
              <TextField
                label="Description"
                value={item.description}
                onChange={(description) => setItem({ description })}
              />
              <TextField
                label="Internal value"
                value={item.value}
                onChange={(value) => setItem({ value: value || undefined })}
              />
              <DisplayCondition
                value={item.displayCondition}
                onChange={(displayCondition) => setItem({ displayCondition })}
              />
            </>
          )}
        />
      )}
      <Toggle path={["options", "isMultipleChoice"]} label="Several choices allowed" />
      {options.isMultipleChoice && (
        <Text path={["options", "buttonLabel"]} label="Submit button label" placeholder={defaultButtonLabel} />
      )}
      <Toggle path={["options", "isSearchable"]} label="Searchable" />
      {options.isSearchable && (
        <Text
          path={["options", "searchInputPlaceholder"]}
          label="Search placeholder"
          placeholder={choiceInputDefaults.searchInputPlaceholder}
        />
      )}
      <Variable path={["options", "variableId"]} label="Save the answer in" />
    </>
  );
}

const CARD_FIELDS = ["Image URL", "Title", "Description", "Button", "Internal Value"] as const;

export function CardsSettings() {
  return (
    <>
      <ItemsEditor
        label="Cards"
        addLabel="Add a card"
        make={() => ({ id: createId(), title: "", paths: [{ id: createId(), text: "" }] })}
        render={(item, setItem) => (
          <>
            <TextField
              label="Image address"
              value={item.imageUrl ?? ""}
              onChange={(imageUrl) => setItem({ imageUrl })}
            />
            <TextField label="Title" value={item.title ?? ""} onChange={(title) => setItem({ title })} />
            <TextField
              label="Description"
              value={item.description ?? ""}
              onChange={(description) => setItem({ description })}
              multiline
            />
            <TextField
              label="Internal value"
              value={item.options?.internalValue ?? ""}
              onChange={(internalValue) => setItem({ options: { ...item.options, internalValue } })}
            />
            <DisplayCondition
              value={item.options?.displayCondition}
              onChange={(displayCondition) => setItem({ options: { ...item.options, displayCondition } })}
            />
            <fieldset className="fieldset">
              <legend>Buttons</legend>
              {(item.paths ?? []).map((path: { id: string; text?: string }, index: number) => (
                <div key={path.id} className="list-entry">
                  <TextField
                    label={`Button ${index + 1}`}
                    value={path.text}
                    onChange={(text) =>
                      setItem({
                        paths: item.paths.map((entry: { id: string }) =>
                          entry.id === path.id ? { ...entry, text } : entry,
                        ),
                      })
                    }
                  />
                  <button
                    type="button"
                    className="icon-button small"
                    aria-label={`Remove button ${index + 1}`}
                    onClick={() =>
                      setItem({ paths: item.paths.filter((entry: { id: string }) => entry.id !== path.id) })
                    }
                  >
                    ×
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="button small"
                onClick={() => setItem({ paths: [...(item.paths ?? []), { id: createId(), text: "" }] })}
              >
                Add a button
              </button>
            </fieldset>
          </>
        )}
      />
      <ListEditor<{ id: string; field?: string; variableId?: string }>
        path={["options", "saveResponseMapping"]}
        label="Save the chosen card in variables"
        addLabel="Add a mapping"
        make={() => ({ field: "Title" })}
        render={(entry, _index, setEntry) => <CardMapping entry={entry} setEntry={setEntry} />}
      />
    </>
  );
}

function CardMapping({
  entry,
  setEntry,
}: {
  entry: { field?: string; variableId?: string };
  setEntry(patch: { field?: string; variableId?: string }): void;
}) {
  return (
    <>
      <SelectField label="Field" value={entry.field} options={CARD_FIELDS} onChange={(field) => setEntry({ field })} />
      <VariableSelect label="Variable" value={entry.variableId} onChange={(variableId) => setEntry({ variableId })} />
    </>
  );
}

export function ConditionSettings() {
  return (
    <ItemsEditor
      label="Branches (the first that holds wins; else the “Else” exit)"
      addLabel="Add a branch"
      make={() => ({ id: createId(), content: { logicalOperator: "AND", comparisons: [] } })}
      render={(item, setItem, index) => (
        <ConditionEditor
          label={`Branch ${index + 1}`}
          value={item.content}
          onChange={(content) => setItem({ content })}
        />
      )}
    />
  );
}
