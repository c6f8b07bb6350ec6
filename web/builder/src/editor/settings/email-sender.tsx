import { useEffect, useState } from "react";
import { useStore } from "../../lib/store";
import { SelectField } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { listCredentials, type CredentialsItem } from "./ai/credentials-api";

const serverSender = "default";

/**
 * The Email block's sender: the server's own mail settings, or one of the workspace's SMTP credentials
 * (added in Settings → Credentials). An id no credentials have any more (an imported bot's) stays
 * selectable and says so, rather than silently switching the sender.
 */
export function EmailSender({ value, onChange }: { value: string | undefined; onChange(id: string): void }) {
  const { store } = useEditor();
  const workspaceId = useStore(store.meta, (meta) => meta.workspaceId);
  const [items, setItems] = useState<CredentialsItem[]>();
  useEffect(() => void listCredentials(workspaceId, "smtp").then(setItems, () => setItems([])), [workspaceId]);
  const current = value || serverSender;
  const known = current === serverSender || !items || items.some((item) => item.id === current);
  const options = [
    { value: serverSender, label: "This server's mail settings (SMTP_URL)" },
    ...(items ?? []).map((item) => ({ value: item.id, label: item.name })),
    ...(known ? [] : [{ value: current, label: `Missing SMTP credentials (${current})` }]),
  ];
  return (
    <SelectField
      label="Sender"
      value={current}
      options={options}
      onChange={(id) => onChange(id ?? serverSender)}
      hint={
        items && items.length === 0
          ? "Add an SMTP account in Settings → Credentials to send from it."
          : "SMTP accounts are added in Settings → Credentials."
      }
    />
  );
}
