import { TextField } from "../../../ui/fields";
import { Choice, ListEditor, Text, Variable } from "../block-fields";

/** Cal.com's one action, "Book event": the booking embed shown in the chat, the booked date saved. */
export function CalComSettings() {
  return (
    <>
      <Choice path={["options", "action"]} label="Action" options={["Book event"]} defaultValue="Book event" />
      <Text path={["options", "link"]} label="Event link" placeholder="https://cal.com/..." />
      <Choice
        path={["options", "layout"]}
        label="Layout"
        options={["Month", "Weekly", "Columns"]}
        defaultValue="Month"
      />
      <Text
        path={["options", "baseUrl"]}
        label="Base URL"
        placeholder="https://app.cal.com"
        hint="Your own Cal.com instance; the embed script is loaded from it."
      />
      <fieldset className="fieldset">
        <legend>Prefill information</legend>
        <Text path={["options", "name"]} label="Name" placeholder="John Doe" />
        <Text path={["options", "email"]} label="Email" placeholder="johndoe@gmail.com" />
        <Text path={["options", "additionalNotes"]} label="Additional notes" />
        <Text
          path={["options", "phone"]}
          label="Attendee phone number"
          placeholder="+919999999999"
          hint="Used as the meeting's location."
        />
        <ListEditor<{ id: string; questionId?: string; value?: string }>
          path={["options", "anyPrefilledInformations"]}
          label="Other booking questions"
          addLabel="Add a question"
          make={() => ({})}
          render={(entry, _index, setEntry) => (
            <>
              <TextField
                label="Question identifier"
                value={entry.questionId}
                onChange={(questionId) => setEntry({ questionId })}
              />
              <TextField label="Value" value={entry.value} onChange={(value) => setEntry({ value })} />
            </>
          )}
        />
      </fieldset>
      <Variable path={["options", "saveBookedDateInVariableId"]} label="Save booked date" />
    </>
  );
}
