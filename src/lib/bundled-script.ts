/**
 * A worker thread's script, built by scripts/build.mjs next to dist/cli/main.js. Bundled, the caller
 * is part of main.js and finds it beside itself; run from the TypeScript sources (tests, from
 * src/<folder>/<file>.ts), it is the one the build wrote.
 */
export function bundledScript(name: string, callerUrl: string): URL {
  return callerUrl.endsWith(".ts") ? new URL(`../../dist/cli/${name}.js`, callerUrl) : new URL(`./${name}.js`, callerUrl);
}
