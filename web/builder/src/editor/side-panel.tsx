import { lazy, memo, Suspense } from "react";
import { useStore } from "../lib/store";
import { Spinner } from "../ui/feedback";
import { useEditor } from "./editor-context";
import { FindingsPanel } from "./publish/findings-panel";
import { PublicIdField } from "./settings/public-id-field";
import { BlockSettings } from "./settings/block-settings";
import { EventSettings } from "./settings/event-settings";
import type { Autosave } from "./store/autosave";
import type { Panel } from "./store/editor-store";
import { VariablesPanel } from "./variables/variables-panel";
import { TranslationFields } from "./languages/translation-fields";
import { translatedLanguage } from "./languages/translation-state";

const ThemeEditor = lazy(() => import("./theme/theme-editor").then((module) => ({ default: module.ThemeEditor })));
const BotSettingsEditor = lazy(() =>
  import("./theme/bot-settings-editor").then((module) => ({ default: module.BotSettingsEditor })),
);
const VersionsPanel = lazy(() =>
  import("./versions/versions-panel").then((module) => ({ default: module.VersionsPanel })),
);
const PreviewPane = lazy(() => import("./preview/preview-pane").then((module) => ({ default: module.PreviewPane })));

const TITLES: Record<Panel, string> = {
  block: "Block settings",
  event: "Event settings",
  variables: "Variables",
  theme: "Theme",
  settings: "Settings",
  preview: "Preview",
  findings: "Flow check",
  versions: "Versions",
};

/** The right-hand panel: one of the block's settings, variables, theme, settings, preview, findings or versions. */
export const SidePanel = memo(function SidePanel({ autosave }: { autosave: Autosave }) {
  const { store } = useEditor();
  const panel = useStore(store.ui, (ui) => ui.panel);
  const chosen = useStore(store.ui, (ui) => ui.language);
  const language = useStore(store.doc, (doc) => translatedLanguage(doc, chosen));
  if (!panel) return null;
  const close = () =>
    store.setUi({
      panel: undefined,
      ...(panel === "block" ? { selectedBlockId: undefined } : {}),
      ...(panel === "event" ? { selectedEventId: undefined } : {}),
    });
  return (
    <aside
      className={`side-panel panel-${panel}`}
      aria-labelledby="side-panel-title"
      onKeyDown={(event) => {
        // Escape closes the panel, unless a field inside uses it (a popover, an inline creation).
        if (
          event.key === "Escape" &&
          !event.defaultPrevented &&
          !(event.target as HTMLElement).closest(".rich-popover, .inline-create")
        )
          close();
      }}
    >
      <header className="side-panel-header">
        <h2 id="side-panel-title">{TITLES[panel]}</h2>
        <button type="button" className="icon-button" aria-label="Close the panel" onClick={close}>
          ×
        </button>
      </header>
      <div className="side-panel-body">
        <Suspense fallback={<Spinner />}>
          {panel === "block" && (language ? <TranslationFields language={language} /> : <BlockSettings />)}
          {panel === "event" && <EventSettings />}
          {panel === "variables" && <VariablesPanel />}
          {panel === "theme" && <ThemeEditor />}
          {panel === "settings" && (
            <>
              <PublicIdField autosave={autosave} />
              <BotSettingsEditor />
            </>
          )}
          {panel === "preview" && <PreviewPane autosave={autosave} />}
          {panel === "findings" && <FindingsPanel autosave={autosave} />}
          {panel === "versions" && <VersionsPanel autosave={autosave} />}
        </Suspense>
      </div>
    </aside>
  );
});
