import { SelectField, TextField } from "../../../ui/fields";
import { Choice, Lines, ListEditor, Text, Toggle, useBlock, VariableSelect } from "../block-fields";
import { getIn } from "../set-in";
import { PluginAccount, useAction } from "./plugin-account";

const userFields = [
  "Emails",
  "Company Names",
  "First Names",
  "Second Names",
  "Display Names",
  "Initials",
  "Job Titles",
  "Profile Photo IDs",
  "Timezones",
  "Manager IDs",
  "Department Names",
  "Account Statuses",
  "User IDs",
  "Employee IDs",
];

type Row = Record<string, unknown>;
type Section = Row & { id: string; type?: string };

/** The text fields of each section type, by option key. */
const sectionFields: Record<string, [key: string, label: string][]> = {
  Header: [
    ["title", "Title"],
    ["iconUrl", "Icon URL"],
  ],
  Text: [["value", "Text (Markdown)"]],
  "Labelled Text": [
    ["label", "Label"],
    ["value", "Value"],
    ["iconUrl", "Icon URL"],
  ],
  Image: [
    ["imageUrl", "Image URL"],
    ["width", "Width (px)"],
    ["height", "Height (px)"],
  ],
  YouTube: [["link", "YouTube link"]],
  Link: [
    ["url", "URL"],
    ["title", "Title"],
    ["description", "Description"],
    ["imageUrl", "Image URL"],
  ],
  Attachment: [["url", "File URL"]],
  Event: [
    ["title", "Title"],
    ["description", "Description"],
    ["start", "Start (ISO date)"],
    ["end", "End (ISO date)"],
  ],
  "Horizontal Bar Chart": [["total", "Global total"]],
};

/** A list edited as lines of `a | b | c`, each line one object of the given keys. */
function PipeLines({
  label,
  keys,
  value,
  onChange,
}: {
  label: string;
  keys: string[];
  value: Row[] | undefined;
  onChange(value: Row[]): void;
}) {
  return (
    <TextField
      label={label}
      multiline
      value={(value ?? []).map((item) => keys.map((key) => String(item[key] ?? "")).join(" | ")).join("\n")}
      onChange={(text) =>
        onChange(
          text
            .split("\n")
            .filter((line) => line.trim())
            .map((line) => {
              const parts = line.split("|").map((part) => part.trim());
              return Object.fromEntries(keys.map((key, index) => [key, parts[index] ?? ""]));
            }),
        )
      }
    />
  );
}

function SectionFields({ entry, setEntry }: { entry: Section; setEntry(patch: Partial<Section>): void }) {
  const type = entry.type ?? "Text";
  return (
    <>
      <SelectField
        label="Section"
        value={type}
        options={[...Object.keys(sectionFields), "Image gallery", "Buttons"]}
        onChange={(next) => setEntry({ type: next })}
      />
      {(sectionFields[type] ?? []).map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          value={entry[key] === undefined ? undefined : String(entry[key])}
          onChange={(value) => setEntry({ [key]: value })}
        />
      ))}
      {type === "Image gallery" && (
        <TextField
          label="Image URLs (one per line)"
          multiline
          value={((entry.imageUrls as string[] | undefined) ?? []).join("\n")}
          onChange={(text) => setEntry({ imageUrls: text.split("\n").filter((line) => line.trim()) })}
        />
      )}
      {type === "Buttons" && (
        <PipeLines
          label="Buttons: Label | URL (one per line)"
          keys={["label", "url"]}
          value={((entry.buttons as Row[] | undefined) ?? []).map((button) => ({
            label: button.label,
            url: (button.clientAction as Row | undefined)?.url,
          }))}
          onChange={(rows) =>
            setEntry({
              buttons: rows.map((row) => ({ label: row.label, clientAction: { type: "Open Link", url: row.url } })),
            })
          }
        />
      )}
      {type === "Horizontal Bar Chart" && (
        <PipeLines
          label="Bars: Name | Value | Label (one per line)"
          keys={["name", "value", "label"]}
          value={entry.data as Row[] | undefined}
          onChange={(data) => setEntry({ data })}
        />
      )}
    </>
  );
}

/** Blink: find users, post feed events. (Its Redirect action runs in the visitor's browser.) */
export function BlinkSettings() {
  const action = useAction();
  const { block } = useBlock();
  const filterType: string | undefined = getIn(block, ["options", "filter", "type"]);
  return (
    <>
      <PluginAccount label="Blink" actions={["Get Users", "Send Feed Event"]} />
      {action === "Get Users" && (
        <>
          <Choice
            path={["options", "filter", "type"]}
            label="Find by"
            options={["User ID", "Employee ID"]}
            emptyLabel="Select"
          />
          {filterType === "User ID" && <Text path={["options", "filter", "userId"]} label="User ID" />}
          {filterType === "Employee ID" && <Text path={["options", "filter", "employeeId"]} label="Employee ID" />}
          <ListEditor<{ id: string; item?: string; variableId?: string }>
            path={["options", "responseMapping"]}
            label="Save in variables"
            addLabel="Add a mapping"
            make={() => ({ item: "Emails" })}
            render={(entry, _index, setEntry) => (
              <>
                <SelectField
                  label="Field"
                  value={entry.item}
                  options={userFields}
                  onChange={(item) => setEntry({ item })}
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
      {action === "Send Feed Event" && (
        <>
          <Text path={["options", "categoryId"]} label="Category ID" />
          <Text path={["options", "ribbonColor"]} label="Ribbon color" placeholder="#FF0000" />
          <ListEditor<Section>
            path={["options", "sections"]}
            label="Card content"
            addLabel="Add a section"
            make={() => ({ type: "Text" })}
            render={(entry, _index, setEntry) => <SectionFields entry={entry} setEntry={setEntry} />}
          />
          <Lines path={["options", "userIds"]} label="User IDs" />
          <Lines path={["options", "groupIds"]} label="Group IDs" />
          <Text path={["options", "pushNotification", "title"]} label="Push notification title" />
          <Text path={["options", "pushNotification", "text"]} label="Push notification text" />
          <Toggle path={["options", "allowComments"]} label="Allow comments" />
          <Toggle path={["options", "allowReactions"]} label="Allow reactions" />
          <ListEditor<{ id: string; item?: string; variableId?: string }>
            path={["options", "responseMapping"]}
            label="Save in variables"
            addLabel="Save the event ID"
            make={() => ({ item: "Event ID" })}
            render={(entry, _index, setEntry) => (
              <VariableSelect
                label="Event ID"
                value={entry.variableId}
                onChange={(variableId) => setEntry({ variableId })}
              />
            )}
          />
        </>
      )}
    </>
  );
}
