import type { Config } from "../config.js";
import type { SandboxPort } from "../engine/ports.js";

/** The sandbox that runs bot-authored code; undefined until the sandbox engine is wired in. */
export function createSandboxPort(_config: Config): SandboxPort | undefined {
  return undefined;
}
