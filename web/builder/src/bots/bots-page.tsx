import { useCallback, useEffect, useRef, useState } from "react";
import { sessionStore } from "../auth/session";
import { errorMessage } from "../lib/api";
import { useDocumentTitle } from "../lib/document-title";
import { downloadText, fileNameOf } from "../lib/download";
import { Link, navigate, useLocation } from "../lib/router";
import { useStore } from "../lib/store";
import type { BotListItem, Folder } from "../lib/types";
import { ConfirmDialog } from "../ui/dialog";
import { EmptyState, ErrorBanner, Spinner } from "../ui/feedback";
import { workspaceStore } from "../workspaces/workspace-store";
import { BotCard } from "./bot-card";
import { createBot, deleteBot, duplicateBot, exportBot, importBot, listBots, renameBot } from "./bots-api";
import { Breadcrumbs, FolderCard } from "./folder-nav";
import { folderPath } from "./folder-tree";
import { canWrite, createFolder, deleteFolder, listFolders, moveBot, renameFolder } from "./folders-api";
import { MoveDialog } from "./move-dialog";
import { RenameDialog } from "./rename-dialog";

type Listing = { bots: BotListItem[]; folders: Folder[]; writable: boolean };
type Renaming = { kind: "bot"; bot: BotListItem } | { kind: "folder"; folder: Folder } | { kind: "new-folder" };

export function BotsPage() {
  const workspaceId = useStore(workspaceStore, (state) => state.currentId);
  const session = useStore(sessionStore, (state) => state);
  const userId = session.status === "signed-in" ? session.user.id : undefined;
  const { search } = useLocation();
  const folderId = search.get("folder");
  const [listing, setListing] = useState<Listing>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [renaming, setRenaming] = useState<Renaming>();
  const [deleting, setDeleting] = useState<BotListItem>();
  const [deletingFolder, setDeletingFolder] = useState<Folder>();
  const [moving, setMoving] = useState<BotListItem>();
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    if (!workspaceId || !userId) return;
    setError(undefined);
    try {
      const [bots, folders, writable] = await Promise.all([
        listBots(workspaceId),
        listFolders(workspaceId),
        canWrite(workspaceId, userId),
      ]);
      setListing({ bots, folders, writable });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [workspaceId, userId]);

  useEffect(() => {
    setListing(undefined);
    void load();
  }, [load]);

  const path = listing ? folderPath(listing.folders, folderId) : [];
  const openFolder = path.at(-1);
  useDocumentTitle(openFolder ? `${openFolder.name} · Bots` : "Bots");

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

  const here = openFolder?.id ?? null;

  const create = () =>
    run(async () => {
      const bot = await createBot(workspaceId!, "My bot", here);
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
      const { bot, notices } = await importBot(workspaceId!, parsed);
      if (here) await moveBot(bot.id, here);
      // A public id the import could not keep breaks the site's embed code: say so, with the id to re-enter.
      setNotice([`Imported “${bot.name}”.`, ...notices.map((notice) => notice.message)].join(" "));
      await load();
    });

  const move = (botId: string, target: string | null) =>
    run(async () => {
      const bot = listing?.bots.find((entry) => entry.id === botId);
      if (!bot || bot.folderId === target) return;
      await moveBot(botId, target);
      const name = target ? listing?.folders.find((folder) => folder.id === target)?.name : "All bots";
      setNotice(`Moved “${bot.name}” to ${name}.`);
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

  const writable = listing?.writable ?? false;
  const folders = listing?.folders.filter((folder) => folder.parentFolderId === here) ?? [];
  const bots = listing?.bots.filter((bot) => bot.folderId === here) ?? [];
  const missingFolder = listing && folderId && !openFolder;

  return (
    <section aria-labelledby="bots-title">
      <div className="page-header">
        <h1 id="bots-title">{openFolder ? openFolder.name : "Bots"}</h1>
        {writable && (
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
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => setRenaming({ kind: "new-folder" })}
            >
              New folder
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => fileInput.current?.click()}>
              Import a bot
            </button>
            <button type="button" className="button primary" disabled={busy} onClick={create}>
              Create a bot
            </button>
          </div>
        )}
      </div>
      {listing && !writable && (
        <p className="muted" data-testid="guest-note">
          You are a guest of this workspace: you can read its bots and results, not change them.
        </p>
      )}
      <Breadcrumbs path={path} onDropBot={writable ? (botId, target) => void move(botId, target) : undefined} />
      <ErrorBanner error={error} onRetry={listing ? undefined : load} />
      {missingFolder && <ErrorBanner error="This folder no longer exists." />}
      {notice && (
        <div className="banner success" role="status">
          {notice}
        </div>
      )}
      {!listing && !error && <Spinner />}
      {folders.length > 0 && (
        <ul className="bot-grid folder-grid" aria-label="Folders">
          {folders.map((folder) => (
            <FolderCard
              key={folder.id}
              folder={folder}
              onDropBot={writable ? (botId) => void move(botId, folder.id) : undefined}
              onRename={writable ? () => setRenaming({ kind: "folder", folder }) : undefined}
              onDelete={writable ? () => setDeletingFolder(folder) : undefined}
            />
          ))}
        </ul>
      )}
      {listing && bots.length === 0 && folders.length === 0 && !missingFolder && (
        <EmptyState
          title={openFolder ? "This folder is empty" : "No bots in this workspace"}
          action={
            writable ? (
              <button type="button" className="button primary" onClick={create}>
                {openFolder ? "Create a bot here" : "Create your first bot"}
              </button>
            ) : undefined
          }
        >
          {openFolder
            ? "Drag a bot onto this folder's card, or use “Move to…” in a bot's menu."
            : writable
              ? "Create a bot from nothing, or import one exported from Parley or from Typebot."
              : "Nothing to read here yet: the workspace's members have not made a bot."}
        </EmptyState>
      )}
      {bots.length > 0 && (
        <ul className="bot-grid" aria-label="Bots">
          {bots.map((bot) => (
            <BotCard
              key={bot.id}
              bot={bot}
              onExport={() =>
                void run(async () => {
                  const { name, json } = await exportBot(bot.id);
                  downloadText(fileNameOf(name, "json"), json);
                })
              }
              actions={
                writable
                  ? {
                      rename: () => setRenaming({ kind: "bot", bot }),
                      move: () => setMoving(bot),
                      duplicate: () =>
                        void run(async () => {
                          // The copy stays in the original's folder.
                          const copy = await duplicateBot(bot.id);
                          setNotice(`Created “${copy.name}”.`);
                          await load();
                        }),
                      remove: () => setDeleting(bot),
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      <RenameDialog
        open={renaming !== undefined}
        title={
          renaming?.kind === "bot" ? "Rename the bot" : renaming?.kind === "folder" ? "Rename the folder" : "New folder"
        }
        initial={renaming?.kind === "bot" ? renaming.bot.name : renaming?.kind === "folder" ? renaming.folder.name : ""}
        onCancel={() => setRenaming(undefined)}
        onSave={async (name) => {
          if (renaming?.kind === "bot") await renameBot(renaming.bot.id, name);
          else if (renaming?.kind === "folder") await renameFolder(workspaceId, renaming.folder.id, name);
          else await createFolder(workspaceId, name, here);
          setRenaming(undefined);
          await load();
        }}
      />
      <MoveDialog
        bot={moving}
        folders={listing?.folders ?? []}
        onCancel={() => setMoving(undefined)}
        onMove={async (target) => {
          const bot = moving!;
          setMoving(undefined);
          await move(bot.id, target);
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
      <ConfirmDialog
        open={deletingFolder !== undefined}
        title="Delete the folder?"
        message={
          <>
            “{deletingFolder?.name}” will be deleted. Its bots and folders are kept: they move to{" "}
            {path.length > 0 && deletingFolder?.parentFolderId ? `“${openFolder?.name}”` : "the top of the workspace"}.
          </>
        }
        confirmLabel="Delete"
        danger
        busy={busy}
        onCancel={() => setDeletingFolder(undefined)}
        onConfirm={() =>
          void run(async () => {
            await deleteFolder(workspaceId, deletingFolder!.id);
            setDeletingFolder(undefined);
            await load();
          })
        }
      />
    </section>
  );
}
