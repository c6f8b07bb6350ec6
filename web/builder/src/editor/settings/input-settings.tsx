import { Choice, Lines, Num, NumOrVariable, Text, Toggle, useBlock, Variable } from "./block-fields";
import {
  dateInputDefaults,
  defaultButtonLabel,
  fileInputDefaults,
  numberInputDefaults,
  paymentInputDefaults,
  ratingInputDefaults,
  textInputDefaults,
  timeInputDefaults,
} from "../../../../../src/schemas/blocks/catalogue/index.js";

const opts = (block: unknown) => ((block as { options?: Record<string, any> }).options ?? {}) as Record<string, any>;

export function SaveAnswer() {
  return <Variable path={["options", "variableId"]} label="Save the answer in" />;
}

function Labels({ placeholder, button = defaultButtonLabel }: { placeholder?: string; button?: string }) {
  return (
    <>
      {placeholder !== undefined && (
        <Text path={["options", "labels", "placeholder"]} label="Placeholder" placeholder={placeholder} />
      )}
      <Text path={["options", "labels", "button"]} label="Button label" placeholder={button} />
    </>
  );
}

const VISIBILITIES = ["Auto", "Public", "Private"] as const;

export function TextInputSettings() {
  const { block } = useBlock();
  const options = opts(block);
  return (
    <>
      <Labels placeholder={textInputDefaults.labels.placeholder} />
      <Toggle path={["options", "isLong"]} label="Long text (several lines)" />
      <Choice
        path={["options", "inputMode"]}
        label="Keyboard on phones"
        options={["text", "decimal", "numeric", "tel", "search", "email", "url"]}
        emptyLabel="Default"
      />
      <Toggle path={["options", "attachments", "isEnabled"]} label="Allow attachments" />
      {options.attachments?.isEnabled && (
        <>
          <Variable path={["options", "attachments", "saveVariableId"]} label="Save the attachments' addresses in" />
          <Choice
            path={["options", "attachments", "visibility"]}
            label="Attachments visibility"
            options={VISIBILITIES}
            defaultValue={textInputDefaults.attachments.visibility}
          />
        </>
      )}
      <Toggle path={["options", "audioClip", "isEnabled"]} label="Allow voice messages" />
      {options.audioClip?.isEnabled && (
        <>
          <Variable path={["options", "audioClip", "saveVariableId"]} label="Save the recording's address in" />
          <Choice
            path={["options", "audioClip", "visibility"]}
            label="Recording visibility"
            options={VISIBILITIES}
            defaultValue={textInputDefaults.audioClip.visibility}
          />
        </>
      )}
      <SaveAnswer />
    </>
  );
}

const UNITS = [
  "acre",
  "bit",
  "byte",
  "celsius",
  "centimeter",
  "day",
  "degree",
  "fahrenheit",
  "fluid-ounce",
  "foot",
  "gallon",
  "gigabit",
  "gigabyte",
  "gram",
  "hectare",
  "hour",
  "inch",
  "kilobit",
  "kilobyte",
  "kilogram",
  "kilometer",
  "liter",
  "megabit",
  "megabyte",
  "meter",
  "microsecond",
  "mile",
  "mile-scandinavian",
  "milliliter",
  "millimeter",
  "millisecond",
  "minute",
  "month",
  "nanosecond",
  "ounce",
  "percent",
  "petabyte",
  "pound",
  "second",
  "stone",
  "terabit",
  "terabyte",
  "week",
  "yard",
  "year",
] as const;

export function NumberInputSettings() {
  const { block } = useBlock();
  const style = opts(block).style ?? numberInputDefaults.style;
  return (
    <>
      <Labels placeholder={numberInputDefaults.labels.placeholder} />
      <NumOrVariable path={["options", "min"]} label="Minimum" />
      <NumOrVariable path={["options", "max"]} label="Maximum" />
      <NumOrVariable path={["options", "step"]} label="Step" />
      <Choice
        path={["options", "style"]}
        label="Format"
        options={["decimal", "currency", "percent", "unit"]}
        defaultValue={numberInputDefaults.style}
      />
      {style === "currency" && <Text path={["options", "currency"]} label="Currency" placeholder="USD" />}
      {style === "unit" && <Choice path={["options", "unit"]} label="Unit" options={UNITS} emptyLabel="Pick a unit" />}
      <Text path={["options", "locale"]} label="Locale" placeholder="en or en-US" />
      <SaveAnswer />
    </>
  );
}

export function ValidatedInputSettings({
  placeholder,
  retry,
  country,
}: {
  placeholder: string;
  retry: string;
  country?: boolean;
}) {
  return (
    <>
      <Labels placeholder={placeholder} />
      <Text
        path={["options", "retryMessageContent"]}
        label="Message when the answer is invalid"
        placeholder={retry}
        multiline
      />
      {country && (
        <Text
          path={["options", "defaultCountryCode"]}
          label="Default country (ISO code)"
          placeholder="FR"
          hint="Used for numbers typed without a country prefix."
        />
      )}
      <SaveAnswer />
    </>
  );
}

export function DateInputSettings() {
  const { block } = useBlock();
  const options = opts(block);
  return (
    <>
      <Toggle path={["options", "isRange"]} label="Ask for a range" />
      <Toggle path={["options", "hasTime"]} label="With the time" />
      {options.isRange && (
        <>
          <Text path={["options", "labels", "from"]} label="“From” label" placeholder={dateInputDefaults.labels.from} />
          <Text path={["options", "labels", "to"]} label="“To” label" placeholder={dateInputDefaults.labels.to} />
          <Text
            path={["options", "labels", "separator"]}
            label="Separator in the answer"
            placeholder={dateInputDefaults.labels.separator}
          />
        </>
      )}
      <Text path={["options", "labels", "button"]} label="Button label" placeholder={defaultButtonLabel} />
      <Text
        path={["options", "format"]}
        label="Answer format"
        placeholder={options.hasTime ? dateInputDefaults.formatWithTime : dateInputDefaults.format}
        hint="date-fns tokens, e.g. yyyy-MM-dd."
      />
      <Text path={["options", "min"]} label="Earliest date" placeholder="2024-01-01 or {{variable}}" />
      <Text path={["options", "max"]} label="Latest date" placeholder="2030-12-31 or {{variable}}" />
      <SaveAnswer />
    </>
  );
}

export function TimeInputSettings() {
  return (
    <>
      <Text path={["options", "labels", "button"]} label="Button label" placeholder={defaultButtonLabel} />
      <Text path={["options", "format"]} label="Answer format" placeholder={timeInputDefaults.format} />
      <SaveAnswer />
    </>
  );
}

export function RatingInputSettings() {
  const { block } = useBlock();
  const options = opts(block);
  return (
    <>
      <Choice
        path={["options", "buttonType"]}
        label="Shown as"
        options={["Numbers", "Icons"]}
        defaultValue={ratingInputDefaults.buttonType}
      />
      <Num
        path={["options", "length"]}
        label="Number of choices"
        min={1}
        max={20}
        placeholder={String(ratingInputDefaults.length)}
      />
      <NumOrVariable
        path={["options", "startsAt"]}
        label="Starts at"
        placeholder={String(ratingInputDefaults.startsAt)}
      />
      <Text path={["options", "labels", "left"]} label="Label at the low end" placeholder="Not likely" />
      <Text path={["options", "labels", "right"]} label="Label at the high end" placeholder="Very likely" />
      <Text path={["options", "labels", "button"]} label="Button label" placeholder={defaultButtonLabel} />
      {options.buttonType === "Icons" && (
        <>
          <Toggle path={["options", "customIcon", "isEnabled"]} label="Custom icon" />
          {options.customIcon?.isEnabled && (
            <Text path={["options", "customIcon", "svg"]} label="Icon (SVG code)" multiline code />
          )}
        </>
      )}
      <Toggle path={["options", "isOneClickSubmitEnabled"]} label="Send on the first click" />
      <SaveAnswer />
    </>
  );
}

export function FileInputSettings() {
  const { block } = useBlock();
  const options = opts(block);
  return (
    <>
      <Toggle path={["options", "isRequired"]} label="Required" defaultValue={fileInputDefaults.isRequired} />
      <Toggle path={["options", "isMultipleAllowed"]} label="Allow several files" />
      <Text
        path={["options", "labels", "placeholder"]}
        label="Placeholder (HTML)"
        multiline
        placeholder="<strong>Click to upload</strong> or drag and drop"
      />
      <Text path={["options", "labels", "button"]} label="Button label" placeholder={fileInputDefaults.labels.button} />
      <Text
        path={["options", "labels", "clear"]}
        label="Clear button label"
        placeholder={fileInputDefaults.labels.clear}
      />
      <Text
        path={["options", "labels", "skip"]}
        label="Skip button label"
        placeholder={fileInputDefaults.labels.skip}
      />
      <Text
        path={["options", "labels", "success", "single"]}
        label="Message after one file"
        placeholder={fileInputDefaults.labels.success.single}
      />
      <Text
        path={["options", "labels", "success", "multiple"]}
        label="Message after several files"
        placeholder={fileInputDefaults.labels.success.multiple}
      />
      <Toggle path={["options", "allowedFileTypes", "isEnabled"]} label="Only some file types" />
      {options.allowedFileTypes?.isEnabled && (
        <Lines path={["options", "allowedFileTypes", "types"]} label="Allowed types" placeholder={".pdf\nimage/*"} />
      )}
      <Choice
        path={["options", "capture"]}
        label="Camera on phones"
        options={[
          { value: "environment", label: "Back camera" },
          { value: "user", label: "Front camera" },
        ]}
        emptyLabel="No camera"
      />
      <Choice
        path={["options", "visibility"]}
        label="Files visibility"
        options={VISIBILITIES}
        defaultValue={fileInputDefaults.visibility}
      />
      <SaveAnswer />
    </>
  );
}

export function PaymentInputSettings() {
  return (
    <>
      <Choice
        path={["options", "provider"]}
        label="Provider"
        options={["Stripe"]}
        defaultValue={paymentInputDefaults.provider}
      />
      <Text
        path={["options", "credentialsId"]}
        label="Credentials id"
        hint="The payment account stored in the workspace's credentials."
      />
      <Text path={["options", "amount"]} label="Amount" placeholder="30 or {{price}}" />
      <Text path={["options", "currency"]} label="Currency" placeholder={paymentInputDefaults.currency} />
      <Text
        path={["options", "labels", "button"]}
        label="Button label"
        placeholder={paymentInputDefaults.labels.button}
      />
      <Text
        path={["options", "labels", "success"]}
        label="Success message"
        placeholder={paymentInputDefaults.labels.success}
      />
      <Text
        path={["options", "retryMessageContent"]}
        label="Message when the payment fails"
        placeholder={paymentInputDefaults.retryMessageContent}
      />
      <Text path={["options", "additionalInformation", "description"]} label="Description" />
      <Text path={["options", "additionalInformation", "name"]} label="Payer's name" placeholder="{{name}}" />
      <Text path={["options", "additionalInformation", "email"]} label="Payer's e-mail" placeholder="{{email}}" />
      <Text path={["options", "additionalInformation", "phoneNumber"]} label="Payer's phone" />
      <Text path={["options", "additionalInformation", "address", "line1"]} label="Address line 1" />
      <Text path={["options", "additionalInformation", "address", "line2"]} label="Address line 2" />
      <Text path={["options", "additionalInformation", "address", "city"]} label="City" />
      <Text path={["options", "additionalInformation", "address", "state"]} label="State" />
      <Text path={["options", "additionalInformation", "address", "postalCode"]} label="Postal code" />
      <Text path={["options", "additionalInformation", "address", "country"]} label="Country" />
      <SaveAnswer />
    </>
  );
}
