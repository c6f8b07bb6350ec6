import { AppError } from "../../errors.js";
import type { AiPort, EnginePorts, IntegrationScope } from "../../engine/ports.js";

export const turnTimeoutMessage = (timeoutMs: number) =>
  `${Number((timeoutMs / 1000).toFixed(3))} seconds timeout reached`;

/**
 * The engine's view of the world for one turn that must end by `deadline`: outgoing HTTP requests
 * get at most the time left, and once it has passed no port does anything more. A turn the visitor
 * was told had timed out may still be running in the background; this is what keeps it from
 * sending e-mails or requests on behalf of a reply nobody will get.
 */
export function portsWithDeadline(ports: EnginePorts, deadline: number, message: string): EnginePorts {
  const expired = () => deadline - Date.now() <= 0;
  const { http, mailer, chatCompletion, ai, sandbox, bots, elevenlabs, difyAi, chatNode, qrCode } = ports;
  // Every AI call carries the turn's deadline: a 429 is retried only while it allows, the call ends by it.
  const aiCall =
    <K extends keyof AiPort>(method: K) =>
    async (request: Parameters<AiPort[K]>[0], scope: IntegrationScope) =>
      expired()
        ? { ok: false as const, error: message }
        : (ai![method] as (request: unknown, scope: IntegrationScope) => ReturnType<AiPort[K]>)(
            { ...request, deadline: Math.min(request.deadline ?? deadline, deadline) },
            scope,
          );
  const serviceCall =
    <R extends { deadline?: number }, T>(call: ((request: R, scope: IntegrationScope) => Promise<T>) | undefined) =>
    async (request: R, scope: IntegrationScope): Promise<T | { ok: false; error: string }> =>
      expired() || !call
        ? { ok: false, error: message }
        : call({ ...request, deadline: Math.min(request.deadline ?? deadline, deadline) }, scope);
  return {
    ...ports,
    http: overriding(http, {
      request: async (request) => {
        const remaining = deadline - Date.now();
        if (remaining <= 0) return { statusCode: 408, data: undefined, error: { kind: "timeout", message } };
        return http!.request({ ...request, timeoutMs: Math.min(request.timeoutMs, remaining) });
      },
    }),
    mailer: overriding(mailer, {
      send: async (mail, scope) => (expired() ? { ok: false, error: message } : mailer!.send(mail, scope)),
    }),
    chatCompletion: overriding(chatCompletion, {
      complete: async (request, scope) =>
        expired() ? { ok: false, error: message } : chatCompletion!.complete(request, scope),
      stream: async (request, scope) =>
        expired() ? { ok: false, error: message } : chatCompletion!.stream(request, scope),
    }),
    ai: overriding(ai, {
      chat: aiCall("chat"),
      streamChat: aiCall("streamChat"),
      generateObject: aiCall("generateObject"),
      askModel: aiCall("askModel"),
      askAssistant: aiCall("askAssistant"),
      createSpeech: aiCall("createSpeech"),
      transcribe: aiCall("transcribe"),
    } as Partial<AiPort>),
    sandbox: overriding(sandbox, {
      run: async (request) => (expired() ? { ok: false, error: message } : sandbox!.run(request)),
    }),
    // Plug-in services: nothing once the deadline passed; a call in flight ends by it.
    elevenlabs: overriding(elevenlabs, { textToSpeech: serviceCall(elevenlabs?.textToSpeech.bind(elevenlabs)) }),
    difyAi: overriding(difyAi, {
      chatMessage: serviceCall(difyAi?.chatMessage.bind(difyAi)),
      streamChatMessage: serviceCall(difyAi?.streamChatMessage.bind(difyAi)),
      retrieve: serviceCall(difyAi?.retrieve.bind(difyAi)),
    }),
    chatNode: overriding(chatNode, { sendMessage: serviceCall(chatNode?.sendMessage.bind(chatNode)) }),
    qrCode: overriding(qrCode, {
      generate: async (data) => (expired() ? { ok: false, error: message } : qrCode!.generate(data)),
    }),
    bots: overriding(bots, {
      load: async (botId, mode, workspaceId) => (expired() ? undefined : bots!.load(botId, mode, workspaceId)),
    }),
  };
}

/** The port with some methods replaced; any other member (including ones added later) is the port's own. */
function overriding<T extends object>(port: T | undefined, methods: Partial<T>): T | undefined {
  if (!port) return undefined;
  return new Proxy(port, {
    get(target, property) {
      if (Object.hasOwn(methods, property)) return methods[property as keyof T];
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// Formatting the number showed up in every turn's profile; a server has one or two timeouts.
const timeoutMessages = new Map<number, string>();

/**
 * Runs the engine part of a chat turn within `timeoutMs` (0: no limit). When time runs out the
 * caller gets 408 and, since it never reaches its writes, nothing of the turn is stored.
 */
export async function withinTurnDeadline<T>(
  ports: EnginePorts,
  timeoutMs: number,
  run: (ports: EnginePorts) => Promise<T>,
): Promise<T> {
  if (timeoutMs <= 0) return run(ports);
  const message =
    timeoutMessages.get(timeoutMs) ?? timeoutMessages.set(timeoutMs, turnTimeoutMessage(timeoutMs)).get(timeoutMs)!;
  const deadline = Date.now() + timeoutMs;
  // A turn that only ends because its requests were cut off at the deadline did not end in time either.
  const work = run(portsWithDeadline(ports, deadline, message)).then((value) => {
    if (Date.now() >= deadline) throw new AppError("TIMEOUT", message);
    return value;
  });
  // A turn that fails after its deadline has nobody left to tell.
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("TIMEOUT", message)), timeoutMs);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
