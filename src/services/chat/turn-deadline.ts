import { AppError } from "../../errors.js";
import type { AiPort, EnginePorts } from "../../engine/ports.js";
import { withinTurnDeadlineScope } from "../../integrations/http/turn-deadline-scope.js";

export const turnTimeoutMessage = (timeoutMs: number) =>
  `${Number((timeoutMs / 1000).toFixed(3))} seconds timeout reached`;

type Deadline = { at: number; message: string; expired(): boolean };
/** How one port keeps the turn's deadline: the port as the engine sees it during that turn. */
type PortDeadline<P> = (port: P, deadline: Deadline) => P;

/** A port of local work only (the clock, the random source): nothing to hold to a deadline. */
const local = <P>(port: P): P => port;

/**
 * Every method refuses once the deadline passed (`{ ok: false, error }`, or `expiredValue`); a call
 * under way is held to it by the address guard (the turn's deadline scope), which every request of
 * the adapter goes through.
 */
const gated =
  <P extends object>(expiredValue: (message: string) => unknown = (error) => ({ ok: false, error })): PortDeadline<P> =>
  (port, deadline) =>
    new Proxy(port, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        // In time, the port's own call as it is (a member that is not a call to a service stays synchronous).
        return (...args: unknown[]) =>
          deadline.expired() ? Promise.resolve(expiredValue(deadline.message)) : value.apply(target, args);
      },
    });

/** Calls that take a `deadline` in their request get the turn's (or their own, when it comes first). */
const withRequestDeadline =
  <P extends object>(): PortDeadline<P> =>
  (port, deadline) =>
    new Proxy(port, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        return (request: { deadline?: number } & Record<string, unknown>, ...rest: unknown[]) =>
          deadline.expired()
            ? Promise.resolve({ ok: false, error: deadline.message })
            : value.call(
                target,
                { ...request, deadline: Math.min(request.deadline ?? deadline.at, deadline.at) },
                ...rest,
              );
      },
    });

/**
 * Every port with how it keeps the turn's deadline. A mapped type over the ports: a port added to
 * EnginePorts does not compile until someone decides here how it keeps the deadline.
 */
const portDeadlines: { [K in keyof EnginePorts]-?: PortDeadline<NonNullable<EnginePorts[K]>> } = {
  clock: local,
  random: local,
  sandbox: gated(),
  http: (http, deadline) => ({
    request: async (request) => {
      const remaining = deadline.at - Date.now();
      if (remaining <= 0)
        return { statusCode: 408, data: undefined, error: { kind: "timeout", message: deadline.message } };
      return http.request({ ...request, timeoutMs: Math.min(request.timeoutMs, remaining) });
    },
  }),
  mailer: gated(),
  chatCompletion: gated(),
  // Every AI call carries the turn's deadline: a 429 is retried only while it allows, the call ends by it.
  ai: withRequestDeadline<AiPort>(),
  bots: gated(() => undefined),
  zendesk: gated(),
  nocodb: gated(),
  segment: gated(),
  posthog: gated(),
  blink: gated(),
  googleSheets: gated(),
  gmail: gated(),
  elevenlabs: withRequestDeadline(),
  difyAi: withRequestDeadline(),
  chatNode: withRequestDeadline(),
  qrCode: gated(),
  knowledge: withRequestDeadline(),
};

/**
 * The engine's view of the world for one turn that must end by `deadline`: outgoing HTTP requests
 * get at most the time left, and once it has passed no port does anything more. A turn the visitor
 * was told had timed out may still be running in the background; this is what keeps it from
 * sending requests on behalf of a reply nobody will get.
 */
export function portsWithDeadline(ports: EnginePorts, deadline: number, message: string): EnginePorts {
  const bounds: Deadline = { at: deadline, message, expired: () => deadline - Date.now() <= 0 };
  const bounded: Partial<Record<keyof EnginePorts, unknown>> = {};
  for (const key of Object.keys(portDeadlines) as (keyof EnginePorts)[]) {
    const port = ports[key];
    if (port) bounded[key] = (portDeadlines[key] as PortDeadline<typeof port>)(port, bounds);
  }
  return bounded as EnginePorts;
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
  const work = withinTurnDeadlineScope({ deadline, message }, () =>
    run(portsWithDeadline(ports, deadline, message)),
  ).then((value) => {
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
