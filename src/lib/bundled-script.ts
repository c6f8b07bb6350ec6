/**
 * A worker thread's script, built by scripts/build.mjs next to dist/cli/main.js. Bundled, the caller
 * is part of main.js and finds it beside itself; run from the TypeScript sources (tests, from any
 * file under src/), it is the one the build wrote.
 */
export function bundledScript(name: string, callerUrl: string): URL {
  if (!callerUrl.endsWith(".ts")) return new URL(`./${name}.js`, callerUrl);
  return new URL(`dist/cli/${name}.js`, callerUrl.slice(0, callerUrl.lastIndexOf("/src/") + 1));
}
