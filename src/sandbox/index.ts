import type { Config } from "../config.js";
import type { HttpPort, SandboxPort } from "../engine/ports.js";
import { defaultSandboxLimits, QuickJsSandbox } from "./quickjs-sandbox.js";

export { QuickJsSandbox, defaultSandboxLimits, type SandboxLimits } from "./quickjs-sandbox.js";

/**
 * The sandbox that runs bot-authored code (QuickJS in WebAssembly). `fetch` in bot code goes through
 * `http` (the engine's HTTP port, address guard included); without it, fetch throws "fetch is not available".
 */
export function createSandboxPort(config: Pick<Config, "sandboxTimeoutMs" | "sandboxMemoryMb">, http?: HttpPort): SandboxPort {
  return new QuickJsSandbox(
    { ...defaultSandboxLimits, timeoutMs: config.sandboxTimeoutMs, memoryBytes: Math.round(config.sandboxMemoryMb * 1024 * 1024) },
    http ? (request) => http.request(request) : undefined,
  );
}
