/**
 * Brings a stored or submitted bot document (draft bot, published bot, or the bot of a preview
 * request) to schema v6, once, before zod validation, so nothing downstream branches on versions.
 * Works on plain JSON and never touches its input. Unknown shapes are passed through for the
 * schemas to reject with a precise path.
 */
export const LATEST_BOT_VERSION = "6";

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const HTTP_REQUEST_TYPES = new Set(["Webhook", "Zapier", "Make.com", "Pabbly"]);
const LEGACY_BOT_LINK_TYPE = "Typebot link";

export function upgradeBotDocument(input: unknown): unknown {
  if (!isRecord(input)) return input;
  let doc = renameLegacyNames(structuredClone(input));
  const version = readVersion(doc.version);
  // Text that is not a version number is left for validation to report.
  if (version === undefined) return doc;
  if (version >= 6) return { ...doc, version: LATEST_BOT_VERSION };
  if (version < 5) doc = normaliseV3(doc);
  if (version < 4) doc = inlineWebhookDefinitions(doc);
  return upgradeV5ToV6(doc);
}

/** True when `upgradeBotDocument` would change the document. */
export function needsUpgrade(doc: unknown): boolean {
  if (!isRecord(doc)) return false;
  if (doc.version !== LATEST_BOT_VERSION) return readVersion(doc.version) !== undefined;
  return hasLegacyNames(doc);
}

function readVersion(version: unknown): number | undefined {
  if (version === undefined || version === null) return 3;
  if (typeof version !== "string" && typeof version !== "number") return undefined;
  const parsed = Number(version);
  return Number.isNaN(parsed) || String(version).trim() === "" ? undefined : parsed;
}

// ---- Names that carried the reference product's brand (any version) ----

function renameKey(object: Json, from: string, to: string): Json {
  if (!(from in object)) return object;
  const { [from]: value, ...rest } = object;
  return to in rest ? rest : { ...rest, [to]: value };
}

function renameLegacyNames(doc: Json): Json {
  let next = renameKey(renameKey(doc, "typebotId", "botId"), "whatsAppCredentialsId", "chatAppCredentialsId");
  if (isRecord(next.settings)) {
    let settings = renameKey(next.settings, "whatsApp", "chatApp");
    if (isRecord(settings.metadata))
      settings = { ...settings, metadata: renameKey(settings.metadata, "googleTagManagerId", "tagManagerId") };
    next = { ...next, settings };
  }
  const preferences = next.resultsTablePreferences;
  // Old editors saved an empty column-width map as an empty array.
  if (isRecord(preferences) && Array.isArray(preferences.columnsWidth) && preferences.columnsWidth.length === 0)
    next = { ...next, resultsTablePreferences: { ...preferences, columnsWidth: {} } };
  return mapBlocks(next, renameBotLinkBlock);
}

function renameBotLinkBlock(block: Json): Json {
  if (block.type !== LEGACY_BOT_LINK_TYPE) return block;
  const options = isRecord(block.options) ? renameKey(block.options, "typebotId", "botId") : block.options;
  return { ...block, type: "Bot link", ...(options === undefined ? {} : { options }) };
}

function hasLegacyNames(doc: Json): boolean {
  const settings = isRecord(doc.settings) ? doc.settings : {};
  const preferences = doc.resultsTablePreferences;
  return (
    "typebotId" in doc ||
    "whatsAppCredentialsId" in doc ||
    "whatsApp" in settings ||
    (isRecord(settings.metadata) && "googleTagManagerId" in settings.metadata) ||
    (isRecord(preferences) && Array.isArray(preferences.columnsWidth)) ||
    blocksOf(doc).some((block) => block.type === LEGACY_BOT_LINK_TYPE)
  );
}

// ---- v3 -> v4 ----

/** v3 documents could lack block lists and hold half-drawn edges; both are tidied as the reference does. */
function normaliseV3(doc: Json): Json {
  const groups = Array.isArray(doc.groups)
    ? doc.groups.map((group) => (isRecord(group) && group.blocks === undefined ? { ...group, blocks: [] } : group))
    : [];
  const edges = Array.isArray(doc.edges) ? doc.edges.filter(isCompleteEdge) : [];
  return { ...doc, groups, edges };
}

function isCompleteEdge(edge: unknown): boolean {
  if (!isRecord(edge) || typeof edge.id !== "string" || !isRecord(edge.from) || !isRecord(edge.to)) return false;
  const from = edge.from;
  return (typeof from.blockId === "string" || typeof from.eventId === "string") && typeof edge.to.groupId === "string";
}

/**
 * v3 HTTP request blocks pointed at a separately stored definition (`webhookId`). When the document
 * carries those definitions (`webhooks`), they are copied into the blocks; otherwise blocks are left as they are.
 */
function inlineWebhookDefinitions(doc: Json): Json {
  if (!Array.isArray(doc.webhooks)) return doc;
  const definitions = new Map(
    doc.webhooks.filter(isRecord).flatMap((webhook) => (typeof webhook.id === "string" ? [[webhook.id, webhook]] : [])),
  );
  const { webhooks: _consumed, ...rest } = doc;
  return mapBlocks(rest, (block) => {
    const definition = typeof block.webhookId === "string" ? definitions.get(block.webhookId) : undefined;
    if (!HTTP_REQUEST_TYPES.has(String(block.type)) || !definition) return block;
    const { webhookId: _inlined, ...withoutId } = block;
    const webhook = dropUndefined({
      url: definition.url ?? undefined,
      method: definition.method ?? "POST",
      headers: definition.headers ?? [],
      queryParams: definition.queryParams ?? [],
      body: definition.body ?? undefined,
    });
    return { ...withoutId, options: { ...(isRecord(block.options) ? block.options : {}), webhook } };
  });
}

// ---- v4/v5 -> v6 ----

const isStartBlock = (block: unknown): boolean => isRecord(block) && block.type === "start";

/** The start group disappears with its start block unless other blocks were added to it. */
const isStartOnlyGroup = (group: unknown): boolean =>
  isRecord(group) && Array.isArray(group.blocks) && group.blocks.length > 0 && group.blocks.every(isStartBlock);

function upgradeV5ToV6(doc: Json): Json {
  const groups = Array.isArray(doc.groups) ? doc.groups : [];
  const startGroup = groups.find(
    (group): group is Json => isRecord(group) && Array.isArray(group.blocks) && group.blocks.some(isStartBlock),
  );
  const startBlock = (startGroup?.blocks as unknown[] | undefined)?.find(isStartBlock) as Json | undefined;
  const startEdgeId = typeof startBlock?.outgoingEdgeId === "string" ? startBlock.outgoingEdgeId : undefined;

  const events =
    startGroup && typeof startGroup.id === "string"
      ? [
          dropUndefined({
            id: startGroup.id,
            type: "start",
            graphCoordinates: startGroup.graphCoordinates ?? { x: 0, y: 0 },
            outgoingEdgeId: startEdgeId,
          }),
        ]
      : Array.isArray(doc.events)
        ? doc.events
        : [];

  const upgradedGroups = groups
    .filter((group) => !isStartOnlyGroup(group))
    .map((group) =>
      isRecord(group) && Array.isArray(group.blocks)
        ? { ...group, blocks: group.blocks.filter((block) => !isStartBlock(block)).map(upgradeBlockToV6) }
        : group,
    );

  const edges = Array.isArray(doc.edges)
    ? doc.edges.map((edge) =>
        startGroup && startEdgeId !== undefined && isRecord(edge) && edge.id === startEdgeId
          ? { ...edge, from: { eventId: startGroup.id } }
          : edge,
      )
    : doc.edges;

  return { ...doc, version: LATEST_BOT_VERSION, groups: upgradedGroups, events, edges };
}

function upgradeBlockToV6(block: unknown): unknown {
  if (!isRecord(block)) return block;
  let next = block;
  if (Array.isArray(next.items))
    next = { ...next, items: next.items.map((item) => (isRecord(item) ? omit(item, "blockId") : item)) };
  if (HTTP_REQUEST_TYPES.has(String(next.type))) {
    next = omit(next, "webhookId");
    if (isRecord(next.options) && isRecord(next.options.webhook))
      next = { ...next, options: { ...next.options, webhook: omit(next.options.webhook, "id") } };
  }
  if (next.type === "file input" && isRecord(next.options))
    next = { ...next, options: omit(next.options, "sizeLimit") };
  if (next.type === "Bot link" || next.type === LEGACY_BOT_LINK_TYPE) next = keepMergedResults(next);
  if (next.type === "Google Sheets" && isRecord(next.options))
    next = { ...next, options: referenceCellToFilter(next.options, String(next.id)) };
  return next;
}

/**
 * Before v6 a linked bot shared its parent's result unless told otherwise; v6 turned the default
 * around. A link to the bot itself always shares it, so it needs nothing said.
 */
function keepMergedResults(block: Json): Json {
  const options = isRecord(block.options) ? block.options : {};
  const target = options.botId ?? options.typebotId;
  if (options.mergeResults !== undefined || target === "current") return block;
  return { ...block, options: { ...options, mergeResults: true } };
}

/** v5 matched a single reference cell; v6 expresses the same lookup as a one-comparison filter. */
function referenceCellToFilter(options: Json, blockId: string): Json {
  const { referenceCell, ...rest } = options;
  const isLookup = options.action === "Get data from sheet" || options.action === "Update a row";
  if (!isLookup || options.filter !== undefined || !isRecord(referenceCell)) return rest;
  const comparison = dropUndefined({
    id: `${blockId}-reference-cell`,
    column: referenceCell.column,
    comparisonOperator: "Equal to",
    value: referenceCell.value,
  });
  return { ...rest, filter: { comparisons: [comparison] } };
}

// ---- helpers ----

function blocksOf(doc: Json): Json[] {
  if (!Array.isArray(doc.groups)) return [];
  return doc.groups.flatMap((group) =>
    isRecord(group) && Array.isArray(group.blocks) ? group.blocks.filter(isRecord) : [],
  );
}

function mapBlocks(doc: Json, map: (block: Json) => Json): Json {
  if (!Array.isArray(doc.groups)) return doc;
  const groups = doc.groups.map((group) =>
    isRecord(group) && Array.isArray(group.blocks)
      ? { ...group, blocks: group.blocks.map((block) => (isRecord(block) ? map(block) : block)) }
      : group,
  );
  return { ...doc, groups };
}

function omit(object: Json, key: string): Json {
  if (!(key in object)) return object;
  const { [key]: _omitted, ...rest } = object;
  return rest;
}

function dropUndefined(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}
