import { useEffect, useState } from "react";
import { LoginPage, safeNext } from "./auth/login-page";
import { loadSession, sessionLost, sessionStore } from "./auth/session";
import { InvitationPage } from "./auth/invitation-page";
import { SetupPage } from "./auth/setup-page";
import { BotsPage } from "./bots/bots-page";
import { AppShell } from "./layout/app-shell";
import { errorMessage, setUnauthorizedHandler } from "./lib/api";
import { matchPath, navigate, useLocation } from "./lib/router";
import { lazyPage } from "./lib/lazy-page";
import { useDocumentTitle } from "./lib/document-title";
import { useStore } from "./lib/store";
import { ErrorBanner, Spinner } from "./ui/feedback";
import { loadWorkspaces, workspaceStore } from "./workspaces/workspace-store";
import { SettingsPage } from "./workspaces/settings-page";

// The editor and the results table carry the canvas and table code: loaded when first opened, and
// fetched at once (alongside the session check) when the builder opens on one of them.
const editorPage = lazyPage(() => import("./editor/editor-page").then((module) => module.EditorPage));
const resultsPage = lazyPage(() => import("./results/results-page").then((module) => module.ResultsPage));
const analyticsPage = lazyPage(() => import("./results/analytics-page").then((module) => module.AnalyticsPage));
const inboxPage = lazyPage(() => import("./inbox/inbox-page").then((module) => module.InboxPage));
const knowledgePage = lazyPage(() => import("./knowledge/knowledge-page").then((module) => module.KnowledgePage));
if (/^\/bots\/[^/]+\/edit\/?$/.test(location.pathname)) void editorPage.preload();
if (/^\/bots\/[^/]+\/results(\/[^/]+)?\/?$/.test(location.pathname)) void resultsPage.preload();
if (/^\/bots\/[^/]+\/analytics\/?$/.test(location.pathname)) void analyticsPage.preload();

function Editor({ botId }: { botId: string }) {
  const EditorPage = editorPage.useLazyPage();
  return EditorPage ? <EditorPage key={botId} botId={botId} /> : <Spinner label="Opening the editor…" />;
}

function Results({ botId, resultId }: { botId: string; resultId?: string }) {
  const ResultsPage = resultsPage.useLazyPage();
  return ResultsPage ? (
    <ResultsPage key={botId} botId={botId} resultId={resultId} />
  ) : (
    <Spinner label="Opening the results…" />
  );
}

function BotAnalytics({ botId }: { botId: string }) {
  const AnalyticsPage = analyticsPage.useLazyPage();
  return AnalyticsPage ? <AnalyticsPage key={botId} botId={botId} /> : <Spinner label="Opening the analytics…" />;
}

function Knowledge() {
  const KnowledgePage = knowledgePage.useLazyPage();
  return KnowledgePage ? <KnowledgePage /> : <Spinner label="Opening the knowledge bases…" />;
}

function Inbox() {
  const InboxPage = inboxPage.useLazyPage();
  return InboxPage ? <InboxPage /> : <Spinner label="Opening the Inbox…" />;
}

const PUBLIC_PATHS = new Set(["/login", "/setup"]);

export function App() {
  const { path, search } = useLocation();
  const session = useStore(sessionStore, (state) => state);
  const workspaceStatus = useStore(workspaceStore, (state) => state.status);
  const [bootError, setBootError] = useState<string>();
  useDocumentTitle(
    path === "/login"
      ? "Sign in"
      : path === "/setup"
        ? search.has("invitation")
          ? "Join a workspace"
          : "Choose your password"
        : path === "/settings"
          ? "Settings"
          : path === "/knowledge"
            ? "Knowledge bases"
            : path === "/inbox"
              ? "Inbox"
              : undefined,
  );

  useEffect(() => {
    setUnauthorizedHandler(sessionLost);
    loadSession().catch((error) => setBootError(errorMessage(error)));
  }, []);

  useEffect(() => {
    if (session.status === "signed-out" && !PUBLIC_PATHS.has(path))
      navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
    if (session.status === "signed-in") {
      if (path === "/login" || path === "/")
        navigate(path === "/login" ? safeNext(search.get("next")) : "/bots", { replace: true });
      if (workspaceStore.get().status === "loading") void loadWorkspaces();
    }
  }, [session.status, path, search]);

  if (bootError)
    return (
      <ErrorBanner error={`The builder could not reach the server: ${bootError}`} onRetry={() => location.reload()} />
    );
  if (path === "/setup") {
    const invitation = search.get("invitation");
    return invitation ? <InvitationPage token={invitation} /> : <SetupPage token={search.get("token")} />;
  }
  if (path === "/login")
    return session.status === "loading" ? (
      <Spinner />
    ) : (
      <LoginPage next={search.get("next")} passwordSet={search.has("passwordSet")} email={search.get("email")} />
    );
  if (session.status !== "signed-in") return <Spinner />;

  // The editor and the results need a bot, not the workspace list: they start loading at once.
  const editor = matchPath("/bots/:botId/edit", path);
  if (editor) return <Editor key={editor.botId} botId={editor.botId} />;
  // An open result has its own address (…/results/:resultId): it can be linked to and reloaded.
  const results = matchPath("/bots/:botId/results", path) ?? matchPath("/bots/:botId/results/:resultId", path);
  if (results) return <Results key={results.botId} botId={results.botId} resultId={results.resultId} />;
  const analytics = matchPath("/bots/:botId/analytics", path);
  if (analytics) return <BotAnalytics key={analytics.botId} botId={analytics.botId} />;
  if (workspaceStatus === "loading") return <Spinner />;
  if (path === "/knowledge")
    return (
      <AppShell current="knowledge">
        <Knowledge />
      </AppShell>
    );
  if (path === "/inbox")
    return (
      <AppShell current="inbox">
        <Inbox />
      </AppShell>
    );
  if (path === "/settings")
    return (
      <AppShell current="settings">
        <SettingsPage />
      </AppShell>
    );
  return (
    <AppShell current="bots">
      <BotsPage />
    </AppShell>
  );
}
