import type { StoredDocument } from "../bot-view.js";

/** One kind of item (groups, blocks, edges…) compared by id between two flows. */
export type ItemChanges = {
  added: { id: string; label: string }[];
  removed: { id: string; label: string }[];
  changed: { id: string; label: string; fields: string[] }[];
};

export type FlowDiff = {
  hasChanges: boolean;
  groups: ItemChanges;
  blocks: ItemChanges;
  edges: ItemChanges;
  variables: ItemChanges;
  settings: { changed: string[] };
  theme: { changed: string[] };
};

type Item = { id: string; label: string; value: Record<string, unknown> };

/**
 * What changed from one flow to another. Items are matched by id, so a renamed group or a block
 * moved to another group is "changed" (title, groupId), not removed and added. A group's blocks are
 * compared as blocks; the group itself only notes `blocks` when their order or membership changed.
 */
export function diffFlows(from: StoredDocument, to: StoredDocument): FlowDiff {
  const diff: FlowDiff = {
    hasChanges: false,
    groups: compareItems(groupItems(from), groupItems(to)),
    blocks: compareItems(blockItems(from), blockItems(to)),
    edges: compareItems(edgeItems(from), edgeItems(to)),
    variables: compareItems(variableItems(from), variableItems(to)),
    settings: { changed: changedPaths(from.settings ?? {}, to.settings ?? {}) },
    theme: { changed: changedPaths(from.theme ?? {}, to.theme ?? {}) },
  };
  const lists = [diff.groups, diff.blocks, diff.edges, diff.variables];
  diff.hasChanges =
    lists.some((list) => list.added.length + list.removed.length + list.changed.length > 0) ||
    diff.settings.changed.length > 0 ||
    diff.theme.changed.length > 0;
  return diff;
}

function groupItems(document: StoredDocument): Item[] {
  return (document.groups ?? []).map((group) => {
    const { blocks, ...rest } = group as { blocks: { id: string }[] } & Record<string, unknown>;
    return {
      id: group.id,
      label: group.title,
      value: { ...rest, blocks: blocks.map((block) => block.id) },
    };
  });
}

function blockItems(document: StoredDocument): Item[] {
  return (document.groups ?? []).flatMap((group) =>
    group.blocks.map((block) => ({
      id: block.id,
      label: `${block.type} in ${group.title}`,
      value: { ...(block as Record<string, unknown>), groupId: group.id },
    })),
  );
}

function edgeItems(document: StoredDocument): Item[] {
  return (document.edges ?? []).map((edge) => {
    const from = "blockId" in edge.from ? `block ${edge.from.blockId}` : `event ${edge.from.eventId}`;
    const to = edge.to.blockId ? `block ${edge.to.blockId}` : `group ${edge.to.groupId}`;
    return { id: edge.id, label: `${from} → ${to}`, value: edge as unknown as Record<string, unknown> };
  });
}

function variableItems(document: StoredDocument): Item[] {
  return (document.variables ?? []).map((variable) => ({
    id: variable.id,
    label: variable.name,
    value: variable as unknown as Record<string, unknown>,
  }));
}

function compareItems(before: Item[], after: Item[]): ItemChanges {
  const beforeById = new Map(before.map((item) => [item.id, item]));
  const afterIds = new Set(after.map((item) => item.id));
  const changes: ItemChanges = { added: [], removed: [], changed: [] };
  for (const item of after) {
    const old = beforeById.get(item.id);
    if (!old) {
      changes.added.push({ id: item.id, label: item.label });
      continue;
    }
    const fields = changedPaths(old.value, item.value);
    if (fields.length > 0) changes.changed.push({ id: item.id, label: item.label, fields });
  }
  for (const item of before) if (!afterIds.has(item.id)) changes.removed.push({ id: item.id, label: item.label });
  return changes;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The dot paths whose values differ. Objects are followed key by key; an array that differs is
 * named as a whole (a list of items has no stable keys to follow).
 */
export function changedPaths(before: unknown, after: unknown, prefix = ""): string[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [prefix || "(all)"];
}
