import type { z } from "zod";
import type { botDocumentSchema } from "../schemas/bot.js";
import type { BotRow } from "../store/database.js";
import type { BotVersionRow } from "../store/bots-repository.js";

export type BotDocument = z.output<typeof botDocumentSchema>;
/** The flow part of a bot, as stored in the `document` column (the version lives in its own column). */
export type StoredDocument = Omit<BotDocument, "version">;

export function storedDocument(row: { document: string }): StoredDocument {
  return JSON.parse(row.document) as StoredDocument;
}

export function toBotDocument(row: { document: string; version: string }): BotDocument {
  return { version: row.version, ...storedDocument(row) } as BotDocument;
}

/** The Bot resource of the spec: every field present, null where unset. */
export function toApiBot(row: BotRow) {
  const document = storedDocument(row);
  return {
    version: row.version,
    id: row.id,
    name: row.name,
    events: document.events,
    groups: document.groups,
    edges: document.edges,
    variables: document.variables,
    theme: document.theme,
    selectedThemeTemplateId: row.selectedThemeTemplateId,
    settings: document.settings,
    translations: document.translations ?? {},
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    icon: row.icon,
    folderId: row.folderId,
    publicId: row.publicId,
    customDomain: row.customDomain,
    workspaceId: row.workspaceId,
    resultsTablePreferences: row.resultsTablePreferences ? JSON.parse(row.resultsTablePreferences) : null,
    isArchived: Boolean(row.isArchived),
    isClosed: Boolean(row.isClosed),
    chatAppCredentialsId: row.chatAppCredentialsId,
    riskLevel: row.riskLevel,
  };
}

export function toPublishedBot(version: BotVersionRow) {
  const document = storedDocument(version);
  return {
    id: version.id,
    version: version.version,
    createdAt: version.createdAt,
    updatedAt: version.createdAt,
    botId: version.botId,
    groups: document.groups,
    events: document.events,
    edges: document.edges,
    variables: document.variables,
    theme: document.theme,
    settings: document.settings,
    translations: document.translations ?? {},
  };
}

/** Empty translations mean none: the API answers `{}` for a bot without them, and the builder saves that back. */
export function withoutEmptyTranslations(document: StoredDocument): StoredDocument {
  const { translations, ...rest } = document;
  return translations && Object.keys(translations).length > 0 ? { ...rest, translations } : rest;
}

const sortedKeys = (_key: string, value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;

/**
 * A stored document in one spelling: keys sorted at every level, empty translations dropped. Two
 * documents that run the same flow but were written in another key order (or with `translations: {}`)
 * compare equal in this form, where their stored strings do not.
 */
export function canonicalDocument(row: { document: string }): string {
  return JSON.stringify(withoutEmptyTranslations(storedDocument(row)), sortedKeys);
}
