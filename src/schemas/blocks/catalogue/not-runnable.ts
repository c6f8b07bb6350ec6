import type { BlockType } from "../index.js";

/**
 * Block kinds this server accepts and stores but cannot run yet, each with what it needs. A visitor
 * reaching one gets an error log and the flow goes on; the builder marks it in the palette and its
 * settings, and the publish check reports it as an error. The registry's executors are the truth:
 * test/engine/not-runnable-kinds.test.ts fails naming the kind to drop here once it gets an executor
 * (or to add when one runs on `unsupportedExecutor`).
 */
export const notRunnableKinds: { readonly [T in BlockType]?: string } = {};

/** What a kind needs before this server can run it; undefined when it runs. */
export const notRunnableReason = (type: string): string | undefined =>
  Object.hasOwn(notRunnableKinds, type) ? notRunnableKinds[type as BlockType] : undefined;
