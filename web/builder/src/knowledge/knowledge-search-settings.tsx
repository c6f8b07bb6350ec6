import { useEffect, useState } from "react";
import { api } from "../lib/api";
import { type CredentialsItem, listCredentials } from "../editor/settings/ai/credentials-api";
import type { KnowledgeBase } from "./knowledge-api";

/** AI credentials whose provider speaks OpenAI's protocol (and so its /embeddings route). */
const EMBEDDINGS_TYPES = ["openai", "mistral", "groq", "deepseek", "perplexity", "together-ai", "open-router"];
type SearchMode = KnowledgeBase["searchMode"];

/**
 * How a base is searched: its mode, and the embeddings source (a credential, a model, an optional
 * address). Saving a new source indexes every document again, which the documents' status shows.
 */
export function KnowledgeSearchSettings(props: {
  workspaceId: string;
  base: KnowledgeBase;
  act: (work: () => Promise<unknown>) => Promise<void>;
}) {
  const { workspaceId, base, act } = props;
  const [credentials, setCredentials] = useState<CredentialsItem[]>([]);
  const [searchMode, setSearchMode] = useState<SearchMode>(base.searchMode);
  const [credentialsId, setCredentialsId] = useState(base.embeddings?.credentialsId ?? "");
  const [model, setModel] = useState(base.embeddings?.model ?? "");
  const [baseUrl, setBaseUrl] = useState(base.embeddings?.baseUrl ?? "");
  useEffect(
    () =>
      void listCredentials(workspaceId).then(
        (items) => setCredentials(items.filter((item) => EMBEDDINGS_TYPES.includes(item.type ?? ""))),
        () => setCredentials([]),
      ),
    [workspaceId],
  );
  const embeddings =
    credentialsId && model.trim()
      ? { credentialsId, model: model.trim(), ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}) }
      : null;
  return (
    <fieldset className="knowledge-search-settings">
      <legend>Retrieval</legend>
      <label>
        Search mode
        <select value={searchMode} onChange={(event) => setSearchMode(event.target.value as SearchMode)}>
          <option value="hybrid">Hybrid (words and meaning)</option>
          <option value="fulltext">Full text (words)</option>
          <option value="vector">Vector (meaning)</option>
        </select>
      </label>
      <label>
        Embeddings credentials
        <select value={credentialsId} onChange={(event) => setCredentialsId(event.target.value)}>
          <option value="">None: full text only</option>
          {credentials.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} ({item.type})
            </option>
          ))}
        </select>
      </label>
      <label>
        Embeddings model
        <input value={model} placeholder="text-embedding-3-small" onChange={(event) => setModel(event.target.value)} />
      </label>
      <label>
        Base URL (optional)
        <input
          value={baseUrl}
          placeholder="http://ollama:11434/v1"
          onChange={(event) => setBaseUrl(event.target.value)}
        />
      </label>
      <button
        type="button"
        className="button"
        onClick={() =>
          act(() =>
            api.call("updateKnowledgeBase", {
              params: { workspaceId, knowledgeBaseId: base.id },
              body: { searchMode, embeddings },
            }),
          )
        }
      >
        Save retrieval settings
      </button>
    </fieldset>
  );
}
