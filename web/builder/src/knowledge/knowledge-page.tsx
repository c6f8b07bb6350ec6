import { useCallback, useEffect, useState } from "react";
import { api, errorMessage } from "../lib/api";
import { useStore } from "../lib/store";
import { ErrorBanner, EmptyState } from "../ui/feedback";
import { workspaceStore } from "../workspaces/workspace-store";
import { type KnowledgeBase, type KnowledgeDocument, type KnowledgeHit, uploadDocuments } from "./knowledge-api";
import { KnowledgeSearchSettings } from "./knowledge-search-settings";

/** How often the documents are read again while one is queued or being indexed. */
const STATUS_POLL_MS = 1000;

/** The workspace's knowledge bases: create, rename, delete; add documents; try the search. */
export function KnowledgePage() {
  const workspaceId = useStore(workspaceStore, (state) => state.currentId);
  const [bases, setBases] = useState<KnowledgeBase[]>([]);
  const [selectedId, setSelectedId] = useState<string>();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();

  const reload = useCallback(async () => {
    if (!workspaceId) return;
    try {
      const { knowledgeBases } = await api.call("listKnowledgeBases", { params: { workspaceId } });
      setBases(knowledgeBases);
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [workspaceId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const create = async () => {
    if (!workspaceId) return;
    try {
      const { knowledgeBase } = await api.call("createKnowledgeBase", { params: { workspaceId }, body: { name } });
      setName("");
      setSelectedId(knowledgeBase.id);
      await reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const selected = bases.find((base) => base.id === selectedId);
  return (
    <section className="knowledge-page">
      <h1>Knowledge bases</h1>
      <ErrorBanner error={error} />
      <form
        className="knowledge-create"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label>
          New knowledge base
          <input value={name} onChange={(event) => setName(event.target.value)} placeholder="Help centre" />
        </label>
        <button type="submit" className="button primary" disabled={!name.trim()}>
          Create
        </button>
      </form>
      {bases.length === 0 ? (
        <EmptyState title="No knowledge base yet">Create one, then drop documents into it.</EmptyState>
      ) : (
        <ul className="knowledge-bases" aria-label="Knowledge bases">
          {bases.map((base) => (
            <li key={base.id}>
              <button
                type="button"
                className="button subtle"
                aria-pressed={base.id === selectedId}
                onClick={() => setSelectedId(base.id)}
              >
                {base.name} ({base.documentCount} documents, {base.chunkCount} passages)
              </button>
            </li>
          ))}
        </ul>
      )}
      {selected && workspaceId && (
        <KnowledgeBasePanel
          key={selected.id}
          workspaceId={workspaceId}
          base={selected}
          onChanged={reload}
          onDeleted={() => {
            setSelectedId(undefined);
            void reload();
          }}
        />
      )}
    </section>
  );
}

function KnowledgeBasePanel({
  workspaceId,
  base,
  onChanged,
  onDeleted,
}: {
  workspaceId: string;
  base: KnowledgeBase;
  onChanged(): Promise<void>;
  onDeleted(): void;
}) {
  const params = { workspaceId, knowledgeBaseId: base.id };
  const [documents, setDocuments] = useState<KnowledgeDocument[]>([]);
  const [rename, setRename] = useState(base.name);
  const [urls, setUrls] = useState("");
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);

  const loadDocuments = useCallback(async () => {
    const answer = await api.call("listKnowledgeDocuments", { params: { workspaceId, knowledgeBaseId: base.id } });
    setDocuments(answer.documents);
    return answer.documents;
  }, [workspaceId, base.id]);

  const busy = documents.some((document) => document.status === "queued" || document.status === "indexing");
  useEffect(() => {
    void loadDocuments().catch((failure) => setError(errorMessage(failure)));
  }, [loadDocuments]);
  // Live status: read again while anything is still on its way (each new list schedules the next
  // read), then refresh the counts once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `documents` is what schedules the next read.
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => {
      void loadDocuments()
        .then((next) => {
          if (!next.some((document) => document.status === "queued" || document.status === "indexing"))
            void onChanged();
        })
        .catch((failure) => setError(errorMessage(failure)));
    }, STATUS_POLL_MS);
    return () => clearTimeout(timer);
  }, [busy, documents, loadDocuments, onChanged]);

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setError(undefined);
      await loadDocuments();
      await onChanged();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const addFiles = (files: File[]) => files.length > 0 && act(() => uploadDocuments(workspaceId, base.id, files));

  return (
    <section className="knowledge-base" aria-label={`Knowledge base ${base.name}`}>
      <ErrorBanner error={error} />
      <div className="knowledge-actions">
        <label>
          Name
          <input value={rename} onChange={(event) => setRename(event.target.value)} />
        </label>
        <button
          type="button"
          className="button"
          onClick={() => act(() => api.call("updateKnowledgeBase", { params, body: { name: rename } }))}
        >
          Rename
        </button>
        <button
          type="button"
          className="button danger"
          onClick={() => {
            if (!confirm(`Delete ${base.name} and its documents?`)) return;
            void api
              .call("deleteKnowledgeBase", { params })
              .then(onDeleted)
              .catch((failure) => setError(errorMessage(failure)));
          }}
        >
          Delete knowledge base
        </button>
      </div>
      <KnowledgeSearchSettings workspaceId={workspaceId} base={base} act={act} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the file input inside is the keyboard's way. */}
      <div
        className={`knowledge-drop${dragging ? " dragging" : ""}`}
        data-testid="knowledge-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void addFiles([...event.dataTransfer.files]);
        }}
      >
        <p>Drop documents here (HTML, Markdown, text, PDF, DOCX), or</p>
        <label>
          Choose files
          <input
            type="file"
            multiple
            onChange={(event) => {
              void addFiles([...(event.target.files ?? [])]);
              event.target.value = "";
            }}
          />
        </label>
      </div>
      <label>
        Web pages (one URL a line)
        <textarea value={urls} onChange={(event) => setUrls(event.target.value)} rows={2} />
      </label>
      <button
        type="button"
        className="button"
        disabled={!urls.trim()}
        onClick={() =>
          act(async () => {
            const list = urls
              .split("\n")
              .map((url) => url.trim())
              .filter(Boolean);
            await api.call("addKnowledgeUrls", { params, body: { urls: list } });
            setUrls("");
          })
        }
      >
        Add pages
      </button>
      <table className="knowledge-documents" aria-label="Documents">
        <thead>
          <tr>
            <th>Document</th>
            <th>Status</th>
            <th>Size</th>
            <th>Passages</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.id}>
              <td>{document.name}</td>
              <td>{document.status === "failed" ? `Failed: ${document.error ?? ""}` : document.status}</td>
              <td>{document.size} bytes</td>
              <td>{document.chunkCount}</td>
              <td>
                <button
                  type="button"
                  className="button subtle"
                  onClick={() =>
                    act(() => api.call("reindexKnowledgeDocument", { params: { ...params, documentId: document.id } }))
                  }
                >
                  Re-index
                </button>
                <button
                  type="button"
                  className="button subtle"
                  onClick={() =>
                    act(() => api.call("deleteKnowledgeDocument", { params: { ...params, documentId: document.id } }))
                  }
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <SearchBox workspaceId={workspaceId} knowledgeBaseId={base.id} />
    </section>
  );
}

/** What a bot would retrieve for a question, with each passage's score and source. */
function SearchBox({ workspaceId, knowledgeBaseId }: { workspaceId: string; knowledgeBaseId: string }) {
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<KnowledgeHit[]>();
  const [error, setError] = useState<string>();
  const search = async () => {
    try {
      const answer = await api.call("searchKnowledgeBase", {
        params: { workspaceId, knowledgeBaseId },
        body: { query },
      });
      setHits(answer.hits);
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form
      className="knowledge-search"
      onSubmit={(event) => {
        event.preventDefault();
        void search();
      }}
    >
      <label>
        Test a question
        <input value={query} onChange={(event) => setQuery(event.target.value)} />
      </label>
      <button type="submit" className="button" disabled={!query.trim()}>
        Search
      </button>
      <ErrorBanner error={error} />
      {hits && hits.length === 0 && <p className="muted">No passage matches.</p>}
      {hits && hits.length > 0 && (
        <ol className="knowledge-hits" aria-label="Passages found">
          {hits.map((hit) => (
            <li key={hit.chunkId}>
              <p className="muted">
                {hit.score.toFixed(2)} · {hit.documentName}
                {hit.headingPath.length > 0 && ` · ${hit.headingPath.join(" › ")}`}
                {hit.page !== undefined && ` · page ${hit.page}`}
              </p>
              <p>{hit.text}</p>
            </li>
          ))}
        </ol>
      )}
    </form>
  );
}
