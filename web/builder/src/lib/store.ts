import { useCallback, useRef, useSyncExternalStore } from "react";

/** A tiny observable value; components read slices of it and re-render only when their slice changes. */
export type Store<T> = {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
};

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === "function" ? (next as (current: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type Subscribable<T> = { get(): T; subscribe(listener: () => void): () => void };

/** The selected slice of a store; `equal` lets a selector build a new object without re-rendering. */
export function useStore<T, S>(
  store: Subscribable<T>,
  selector: (value: T) => S,
  equal: (a: S, b: S) => boolean = Object.is,
): S {
  const last = useRef<{ value: T; selector: (value: T) => S; slice: S } | undefined>(undefined);
  // Selectors are usually inline closures: a new one is re-run, but an equal slice keeps its identity.
  const getSnapshot = useCallback(() => {
    const value = store.get();
    const previous = last.current;
    if (previous && previous.value === value && previous.selector === selector) return previous.slice;
    const computed = selector(value);
    const slice = previous && equal(previous.slice, computed) ? previous.slice : computed;
    last.current = { value, selector, slice };
    return slice;
  }, [store, selector, equal]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
