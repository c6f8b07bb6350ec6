import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../lib/api";
import { downloadText, fileNameOf } from "../lib/download";
import { formatRelative } from "../lib/format";
import { Link, navigate } from "../lib/router";
import { useStore } from "../lib/store";
import type { BotListItem } from "../lib/types";
import { ConfirmDialog } from "../ui/dialog";
import { EmptyState, ErrorBanner, Spinner } from "../ui/feedback";
import { Menu } from "../ui/menu";
import { workspaceStore } from "../workspaces/workspace-store";
import { createBot, deleteBot, duplicateBot, exportBot, importBot, listBots, renameBot } from "./bots-api";
import { RenameDialog } from "./rename-dialog";

export function BotsPage() {
  const workspaceId = useStore(workspaceStore, (state) => state.currentId);
  const [bots, setBots] = useState<BotListItem[]>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [renaming, setRenaming] = useState<BotListItem>();
  const [deleting, setDeleting] = useState<BotListItem>();
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    if (!workspaceId) return;
    setError(undefined);
    try {
      setBots(await listBots(workspaceId));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [workspaceId]);

  useEffect(() => {
    setBots(undefined);
    void load();
  }, [load]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    run(async () => {
      const bot = await createBot(workspaceId!, "My bot");
      navigate(`/bots/${bot.id}/edit`);
    });

  const importFile = (file: File) =>
    run(async () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch {
        throw new Error(`${file.name} is not a JSON file.`);
      }
      const bot = await importBot(workspaceId!, parsed);
      setNotice(`Imported “${bot.name}”.`);
      await load();
    });

  if (!workspaceId)
    return (
      <EmptyState
        title="No workspace yet"
        action={
          <Link className="button primary" to="/settings">
            Create a workspace
          </Link>
        }
      >
        Bots live in a workspace. Create one to start.
      </EmptyState>
    );

  return (
    <section aria-labelledby="bots-title">
      <div className="page-header">
        <h1 id="bots-title">Bots</h1>
        <div className="actions">
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            aria-label="Bot file to import"
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void importFile(file);
            }}
          />
          <button type="button" className="button" disabled={busy} onClick={() => fileInput.current?.click()}>
            Import a bot
          </button>
          <button type="button" className="button primary" disabled={busy} onClick={create}>
            Create a bot
          </button>
        </div>
      </div>
      <ErrorBanner error={error} onRetry={bots ? undefined : load} />
      {notice && (
        <div className="banner success" role="status">
          {notice}
        </div>
      )}
      {!bots && !error && <Spinner />}
      {bots && bots.length === 0 && (
        <EmptyState
          title="No bots in this workspace"
          action={
            <button type="button" className="button primary" onClick={create}>
              Create your first bot
            </button>
          }
        >
          Create a bot from nothing, or import one exported from Parley or from Typebot.
        </EmptyState>
      )}
      {bots && bots.length > 0 && (
        <ul className="bot-grid" aria-label="Bots">
          {bots.map((bot) => (
            <li key={bot.id} className="bot-card">
              <Link to={`/bots/${bot.id}/edit`} className="bot-card-link">
                <span className="bot-icon" aria-hidden="true">
                  {bot.icon || bot.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="bot-name">{bot.name}</span>
                <span className="bot-meta">
                  <span className={bot.isPublished ? "badge success" : "badge"}>
                    {bot.isPublished ? "Published" : "Draft"}
                  </span>
                  <span className="muted">Edited {formatRelative(bot.updatedAt)}</span>
                </span>
              </Link>
              <Menu
                label={`Actions for ${bot.name}`}
                className="bot-card-menu"
                items={[
                  { label: "Edit", onSelect: () => navigate(`/bots/${bot.id}/edit`) },
                  { label: "Results", onSelect: () => navigate(`/bots/${bot.id}/results`) },
                  { label: "Rename", onSelect: () => setRenaming(bot) },
                  {
                    label: "Duplicate",
                    onSelect: () =>
                      void run(async () => {
                        const copy = await duplicateBot(bot.id);
                        setNotice(`Created “${copy.name}”.`);
                        await load();
                      }),
                  },
                  {
                    label: "Export as JSON",
                    onSelect: () =>
                      void run(async () => {
                        const { name, json } = await exportBot(bot.id);
                        downloadText(fileNameOf(name, "json"), json);
                      }),
                  },
                  { label: "Delete", danger: true, onSelect: () => setDeleting(bot) },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
      <RenameDialog
        open={renaming !== undefined}
        title="Rename the bot"
        initial={renaming?.name ?? ""}
        onCancel={() => setRenaming(undefined)}
        onSave={async (name) => {
          await renameBot(renaming!.id, name);
          setRenaming(undefined);
          await load();
        }}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete the bot?"
        message={
          <>
            “{deleting?.name}” will be deleted with its results, and its public page will stop working. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete"
        danger
        busy={busy}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() =>
          void run(async () => {
            await deleteBot(deleting!.id);
            setDeleting(undefined);
            await load();
          })
        }
      />
    </section>
  );
}
