import { useEffect, useState, type ComponentType } from "react";

/**
 * A page loaded on first use, without Suspense (whose reveal throttle would add ~300 ms to every
 * first visit). `preload` starts the download early, e.g. while the session is being checked.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then((component) => (loaded = component));
    return pending;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level, so every render sees the same hook.
  function useLazyPage(): ComponentType<P> | undefined {
    const [component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (!component) void preload().then((value) => setComponent(() => value));
    }, [component]);
    return component;
  }
  return { preload, useLazyPage };
}
