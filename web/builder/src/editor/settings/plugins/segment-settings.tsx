import { KeyValues, Text } from "../block-fields";
import { PluginAccount, useAction } from "./plugin-account";

/** Segment: identify, track, page and alias calls. */
export function SegmentSettings() {
  const action = useAction();
  return (
    <>
      <PluginAccount label="Segment" actions={["Identify User", "Track", "Page", "Alias"]} />
      {action && <Text path={["options", "userId"]} label="User ID" />}
      {action === "Identify User" && (
        <>
          <Text path={["options", "email"]} label="Email" />
          <KeyValues path={["options", "traits"]} label="Traits" />
        </>
      )}
      {action === "Track" && <Text path={["options", "eventName"]} label="Event name" />}
      {action === "Page" && (
        <>
          <Text path={["options", "name"]} label="Name" />
          <Text path={["options", "category"]} label="Category" />
        </>
      )}
      {(action === "Track" || action === "Page") && <KeyValues path={["options", "properties"]} label="Properties" />}
      {action === "Alias" && <Text path={["options", "previousId"]} label="Previous ID" />}
    </>
  );
}
