import type { AiBlockType } from "../../../../../src/schemas/blocks/index.js";
import { useEffect, useState } from "react";
import { knowledgeAnswerDefaults, searchKnowledgeDefaults } from "../../../../../src/schemas/blocks/catalogue/index.js";
import { api } from "../../lib/api";
import { useStore } from "../../lib/store";
import type { KnowledgeBase } from "../../knowledge/knowledge-api";
import { SelectField } from "../../ui/fields";
import { useEditor } from "../editor-context";
import { aiBlocks, ModelField } from "./ai/ai-settings";
import { CredentialsPicker } from "./ai/credentials-picker";
import { Choice, Num, Text, useBlock, Variable } from "./block-fields";
import { getIn, setIn } from "./set-in";

type KnowledgeBaseItem = KnowledgeBase;
/** What the picker knows: the workspace's bases, or that this server has none to offer. */
type KnowledgeBases = { state: "loading" } | { state: "listed"; bases: KnowledgeBaseItem[] } | { state: "unavailable" };

/**
 * The workspace's knowledge bases. A failed call leaves the form usable: the base's id can still be typed.
 */
async function listKnowledgeBases(workspaceId: string): Promise<KnowledgeBases> {
  const { knowledgeBases } = await api.call("listKnowledgeBases", { params: { workspaceId } });
  return { state: "listed", bases: knowledgeBases };
}

function KnowledgeBasePicker() {
  const { store } = useEditor();
  const { block, set } = useBlock();
  const workspaceId = useStore(store.meta, (meta) => meta.workspaceId);
  const [bases, setBases] = useState<KnowledgeBases>({ state: "loading" });
  useEffect(() => {
    void listKnowledgeBases(workspaceId).then(setBases, () => setBases({ state: "unavailable" }));
  }, [workspaceId]);
  const value: string | undefined = getIn(block, ["options", "knowledgeBaseId"]);
  if (bases.state === "unavailable")
    return (
      <Text
        path={["options", "knowledgeBaseId"]}
        label="Knowledge base id"
        hint="The workspace's knowledge bases could not be listed here; type the base's id."
      />
    );
  const listed = bases.state === "listed" ? bases.bases : [];
  const options = [
    ...listed.map((base) => ({ value: base.id, label: base.name })),
    ...(value && !listed.some((base) => base.id === value)
      ? [{ value, label: `Missing knowledge base (${value})` }]
      : []),
  ];
  return (
    <SelectField
      label="Knowledge base"
      hint={
        bases.state === "listed" && listed.length === 0
          ? "This workspace has no knowledge base yet: create one on the Knowledge page."
          : undefined
      }
      value={value}
      options={options}
      emptyLabel={bases.state === "loading" ? "Loading…" : "Select a knowledge base"}
      onChange={(id) => set(["options", "knowledgeBaseId"], id)}
    />
  );
}

/** The block's own search mode; unset, the knowledge base's (set in its Retrieval panel) applies. */
const searchModes = [
  { value: "fulltext", label: "Full text" },
  { value: "vector", label: "Vector" },
  { value: "hybrid", label: "Hybrid" },
] as const;

function RetrievalFields({ limit }: { limit: number }) {
  return (
    <>
      <KnowledgeBasePicker />
      <Text
        path={["options", "query"]}
        label="Question"
        placeholder="The visitor's last answer"
        hint="Text with {{variables}}; left empty, the visitor's last answer."
      />
      <Num path={["options", "limit"]} label="Passages" min={1} max={20} step={1} placeholder={String(limit)} />
      <Choice
        path={["options", "searchMode"]}
        label="Search mode"
        options={searchModes}
        emptyLabel="The base's setting"
        hint="Vector and hybrid need the base's embeddings source (its Retrieval panel); hybrid falls back to full text when the question cannot be embedded."
      />
    </>
  );
}

/** Search knowledge: retrieval only, passages and sources into variables. */
export function SearchKnowledgeSettings() {
  return (
    <>
      <RetrievalFields limit={searchKnowledgeDefaults.limit} />
      <Variable path={["options", "hitsVariableId"]} label="Save passages in variable" />
      <Variable path={["options", "sourcesVariableId"]} label="Save sources in variable" />
      <Variable path={["options", "bestScoreVariableId"]} label="Save best score in variable" />
    </>
  );
}

/** Knowledge answer: the base, the model that answers, the threshold of the "no good match" exit, the variables. */
export function KnowledgeAnswerSettings() {
  const { block, update } = useBlock();
  const provider: AiBlockType = getIn(block, ["options", "provider"]) ?? knowledgeAnswerDefaults.provider;
  const credentialsId: string | undefined = getIn(block, ["options", "credentialsId"]);
  const providers = Object.entries(aiBlocks).map(([value, info]) => ({ value, label: info.label }));
  return (
    <>
      <RetrievalFields limit={knowledgeAnswerDefaults.limit} />
      <Num
        path={["options", "threshold"]}
        label="Threshold"
        min={0}
        max={1}
        step={0.05}
        placeholder={String(knowledgeAnswerDefaults.threshold)}
        hint="Below this best score (0 to 1) the flow takes the “No good match” exit."
      />
      <Choice
        path={["options", "provider"]}
        label="AI provider"
        options={providers}
        defaultValue={knowledgeAnswerDefaults.provider}
      />
      <CredentialsPicker
        type={provider}
        label={aiBlocks[provider].label}
        value={credentialsId}
        onChange={(id) =>
          update((current) => setIn(current, ["options", "credentialsId"], id), `${block.id}:credentials`)
        }
      />
      <ModelField credentialsId={credentialsId} />
      <Text path={["options", "instructions"]} label="Instructions" multiline hint="Added to the model's rules." />
      <Variable path={["options", "answerVariableId"]} label="Save answer in variable" />
      <Variable path={["options", "sourcesVariableId"]} label="Save sources in variable" />
    </>
  );
}
