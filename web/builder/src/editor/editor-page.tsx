import { ReactFlowProvider } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import "../styles/editor.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { getBot } from "../bots/bots-api";
import { errorMessage } from "../lib/api";
import { useDocumentTitle } from "../lib/document-title";
import { Link } from "../lib/router";
import { useStore } from "../lib/store";
import type { Bot } from "../lib/types";
import { ErrorBanner, Spinner } from "../ui/feedback";
import { followWorkspace } from "../workspaces/workspace-store";
import { createBlock, type BlockEntry } from "./block-catalogue";
import { withNewEvent, type AddableEvent } from "./canvas/canvas-commands";
import { DragController, type DragPayload, type DropTarget } from "./canvas/drag-controller";
import { FlowCanvas, type CanvasApi } from "./canvas/flow-canvas";
import { ConflictDialog } from "./conflict-dialog";
import { EditorContext, type EditorServices } from "./editor-context";
import { EditorToolbar } from "./editor-toolbar";
import { LanguageSwitcher } from "./languages/language-switcher";
import { SidePanel } from "./side-panel";
import { BlocksSidebar } from "./sidebar/blocks-sidebar";
import { Autosave } from "./store/autosave";
import { EditorStore } from "./store/editor-store";
import { addGroup, insertBlock, moveBlock, moveBlockToNewGroup } from "./store/operations";
import { placeClear } from "./store/placement";
import { blockById } from "./store/selectors";

type Loaded = { store: EditorStore; autosave: Autosave };

function open(bot: Bot, readOnly: boolean): Loaded {
  const store = new EditorStore(
    {
      groups: bot.groups,
      events: bot.events,
      edges: bot.edges,
      variables: bot.variables,
      theme: bot.theme,
      settings: bot.settings,
      translations: bot.translations,
    },
    {
      botId: bot.id,
      name: bot.name,
      workspaceId: bot.workspaceId,
      publicId: bot.publicId,
      isPublished: false,
      selectedThemeTemplateId: bot.selectedThemeTemplateId,
      hasUnpublishedChanges: false,
      readOnly,
    },
  );
  return { store, autosave: new Autosave(store, bot.updatedAt) };
}

export function EditorPage({ botId }: { botId: string }) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [error, setError] = useState<string>();

  const load = useCallback(() => {
    setError(undefined);
    performance.mark("parley:editor-load-start");
    getBot(botId)
      .then(({ bot, currentUserMode }) => {
        followWorkspace(bot.workspaceId);
        setLoaded(open(bot, currentUserMode !== "write"));
      })
      .catch((failure) => setError(errorMessage(failure)));
  }, [botId]);
  useEffect(load, [load]);

  useEffect(() => {
    if (!loaded) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (loaded.autosave.isDirty) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      // Leaving the editor inside the app: whatever is pending is saved now.
      void loaded.autosave.save().finally(() => loaded.autosave.dispose());
    };
  }, [loaded]);

  if (error)
    return (
      <main className="page">
        <ErrorBanner error={`This bot could not be opened: ${error}`} onRetry={load} />
        <Link to="/bots">Back to the bots</Link>
      </main>
    );
  if (!loaded) return <Spinner label="Opening the editor…" />;
  return <Editor loaded={loaded} />;
}

function Editor({ loaded: { store, autosave } }: { loaded: Loaded }) {
  const canvas = useRef<CanvasApi | undefined>(undefined);
  useDocumentTitle(useStore(store.meta, (meta) => meta.name) || "Untitled bot");

  const drop = useCallback(
    (payload: DragPayload, target: DropTarget) => {
      if ("canvas" in target) {
        const position = canvas.current?.toFlowPosition(target.canvas.clientX, target.canvas.clientY) ?? { x: 0, y: 0 };
        const at = { x: position.x - 20, y: position.y - 20 };
        const sizeOf = canvas.current?.sizeOf;
        // A group dropped onto others lands on the nearest free spot instead.
        if (payload.kind === "new") {
          const block = createBlock(payload.blockType);
          store.update((doc) => {
            const created = addGroup(doc, at, [block]);
            return placeClear(created.doc, [created.groupId], sizeOf);
          });
          store.selectBlock(block.id);
        } else
          store.update((doc) => {
            const moved = moveBlockToNewGroup(doc, payload.blockId, at);
            return moved.groupId ? placeClear(moved.doc, [moved.groupId], sizeOf) : moved.doc;
          });
        return;
      }
      if (payload.kind === "new") {
        const block = createBlock(payload.blockType);
        store.update((doc) => insertBlock(doc, target.groupId, target.index, block));
        store.selectBlock(block.id);
      } else store.update((doc) => moveBlock(doc, payload.blockId, target.groupId, target.index));
    },
    [store],
  );

  const services = useMemo<EditorServices>(
    () => ({
      store,
      drag: new DragController(drop),
      previewFrom: (groupId) =>
        store.setUi({ panel: "preview", previewRun: { run: store.ui.get().previewRun.run + 1, groupId } }),
      reveal: ({ groupId, blockId }) => {
        const id = groupId ?? (blockId ? blockById(store.doc.get(), blockId)?.group.id : undefined);
        if (blockId) store.selectBlock(blockId);
        if (id) document.dispatchEvent(new CustomEvent("parley:reveal-group", { detail: id }));
      },
    }),
    [store, drop],
  );

  const addFromSidebar = useCallback(
    (entry: BlockEntry) => {
      const block = createBlock(entry.type);
      const selected = store.ui.get().selectedBlockId;
      const found = selected ? blockById(store.doc.get(), selected) : undefined;
      if (found) store.update((doc) => insertBlock(doc, found.group.id, found.index + 1, block));
      else
        store.update((doc) => {
          const created = addGroup(doc, canvas.current?.center() ?? { x: 0, y: 0 }, [block]);
          return placeClear(created.doc, [created.groupId], canvas.current?.sizeOf);
        });
      store.selectBlock(block.id);
    },
    [store],
  );

  const addEvent = useCallback(
    (type: AddableEvent) => {
      let eventId = "";
      store.update((doc) => {
        const added = withNewEvent(doc, type, canvas.current?.center() ?? { x: 0, y: 0 }, canvas.current?.sizeOf);
        eventId = added.eventId;
        return added.doc;
      });
      if (eventId) store.selectEvent(eventId);
    },
    [store],
  );

  const onCanvasReady = useCallback((api: CanvasApi) => {
    canvas.current = api;
  }, []);

  return (
    <EditorContext.Provider value={services}>
      <ReactFlowProvider>
        <div className="editor">
          <EditorToolbar autosave={autosave} />
          <div className="editor-body">
            <BlocksSidebar onAdd={addFromSidebar} onAddEvent={addEvent} />
            <div className="canvas-column">
              <LanguageSwitcher />
              <FlowCanvas onReady={onCanvasReady} />
            </div>
            <SidePanel autosave={autosave} />
          </div>
          <ConflictDialog autosave={autosave} />
        </div>
      </ReactFlowProvider>
    </EditorContext.Provider>
  );
}
