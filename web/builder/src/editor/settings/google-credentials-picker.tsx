import { useEffect, useState } from "react";
import { useStore } from "../../lib/store";
import { SelectField } from "../../ui/fields";
import { GoogleConnect, type GoogleCredentialsType } from "../../workspaces/google-connect";
import { useEditor } from "../editor-context";
import { listCredentials, type CredentialsItem } from "./ai/credentials-api";
import { useBlock } from "./block-fields";
import { getIn, setIn } from "./set-in";

/**
 * The block's Google account: one of the workspace's connected accounts of this type, or a new one
 * connected in another tab (the list is read again when the editor's tab comes back into focus).
 */
export function GoogleCredentialsPicker({ type }: { type: GoogleCredentialsType }) {
  const { store } = useEditor();
  const { block, update } = useBlock();
  const workspaceId = useStore(store.meta, (meta) => meta.workspaceId);
  const [items, setItems] = useState<CredentialsItem[]>([]);
  useEffect(() => {
    const load = () => void listCredentials(workspaceId, type).then(setItems, () => setItems([]));
    load();
    window.addEventListener("focus", load);
    return () => window.removeEventListener("focus", load);
  }, [workspaceId, type]);
  return (
    <div className="credentials-picker">
      <SelectField
        label="Google account"
        value={getIn(block, ["options", "credentialsId"])}
        options={items.map((item) => ({ value: item.id, label: item.name }))}
        emptyLabel={items.length ? "Select an account" : "No account yet"}
        onChange={(id) =>
          update((current) => setIn(current, ["options", "credentialsId"], id), `${block.id}:credentials`)
        }
      />
      <GoogleConnect workspaceId={workspaceId} type={type} />
    </div>
  );
}
