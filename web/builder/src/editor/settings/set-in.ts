/** An immutable nested write; `undefined` (or an empty text) removes the key so documents keep only what was set. */
export function setIn<T>(value: T, path: readonly (string | number)[], next: unknown): T {
  if (path.length === 0) return next as T;
  const [head, ...rest] = path;
  const base: any = Array.isArray(value) ? [...value] : { ...((value as object) ?? {}) };
  const child = setIn(base[head], rest, next);
  if (
    child === undefined ||
    child === "" ||
    (child && typeof child === "object" && !Array.isArray(child) && Object.keys(child).length === 0 && rest.length > 0)
  ) {
    if (Array.isArray(base)) base[head as number] = child;
    else delete base[head];
  } else base[head] = child;
  return base;
}

export function getIn(value: unknown, path: readonly (string | number)[]): any {
  let current: any = value;
  for (const key of path) {
    if (current === undefined || current === null) return undefined;
    current = current[key];
  }
  return current;
}
