import { useState } from "react";
import { RenameDialog } from "../bots/rename-dialog";
import { useStore } from "../lib/store";
import { CredentialsPanel } from "./credentials-panel";
import { MembersList } from "./members-list";
import { TokensPanel } from "./tokens-panel";
import { createWorkspace, renameWorkspace, workspaceStore } from "./workspace-store";

export function SettingsPage() {
  const state = useStore(workspaceStore, (value) => value);
  const current = state.workspaces.find((workspace) => workspace.id === state.currentId);
  const [dialog, setDialog] = useState<"rename" | "create">();

  return (
    <div className="settings-page">
      <h1>Settings</h1>
      <section className="card" aria-labelledby="workspace-title">
        <div className="card-header">
          <h2 id="workspace-title">Workspace</h2>
          <div className="actions">
            {current && (
              <button type="button" className="button" onClick={() => setDialog("rename")}>
                Rename
              </button>
            )}
            <button type="button" className="button" onClick={() => setDialog("create")}>
              New workspace
            </button>
          </div>
        </div>
        {current ? (
          <>
            <p className="workspace-name">
              <strong>{current.name}</strong> <span className="badge">{current.plan}</span>
            </p>
            <h3>Members</h3>
            <MembersList workspaceId={current.id} />
          </>
        ) : (
          <p>You have no workspace yet. Create one to make bots.</p>
        )}
      </section>
      <TokensPanel />
      {current && <CredentialsPanel workspaceId={current.id} />}
      <RenameDialog
        open={dialog === "rename"}
        title="Rename the workspace"
        initial={current?.name ?? ""}
        onCancel={() => setDialog(undefined)}
        onSave={async (name) => {
          await renameWorkspace(current!.id, name);
          setDialog(undefined);
        }}
      />
      <RenameDialog
        open={dialog === "create"}
        title="New workspace"
        initial=""
        onCancel={() => setDialog(undefined)}
        onSave={async (name) => {
          await createWorkspace(name);
          setDialog(undefined);
        }}
      />
    </div>
  );
}
