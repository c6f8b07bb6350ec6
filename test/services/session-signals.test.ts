import { describe, expect, it } from "vitest";
import { SessionSignalHub, type SignalTransport } from "../../src/services/chat/session-signals.js";

/** A transport between two hubs in one test: what one publishes, every listening hub receives. */
function sharedBus() {
  const hubs: ((sessionId: string) => void)[] = [];
  const transport = (): SignalTransport => ({
    listen: async (onSignal) => {
      hubs.push(onSignal);
    },
    publish: async (sessionId) => {
      for (const deliver of hubs) deliver(sessionId);
    },
    close: async () => undefined,
  });
  return { transport };
}

describe("session signals", () => {
  it("wake this session's listeners only, here and on the other instance, until unsubscribed", async () => {
    const bus = sharedBus();
    const a = new SessionSignalHub(bus.transport());
    const b = new SessionSignalHub(bus.transport());
    const heard: string[] = [];
    const stopA = await a.subscribe("s1", () => heard.push("a:s1"));
    await b.subscribe("s1", () => heard.push("b:s1"));
    await b.subscribe("s2", () => heard.push("b:s2"));

    b.publish("s1");
    await Promise.resolve();
    // b hears its own signal at once and again through the transport; a hears it through the transport.
    expect(heard.sort()).toEqual(["a:s1", "b:s1", "b:s1"]);

    heard.length = 0;
    stopA();
    a.publish("s1");
    await Promise.resolve();
    expect(heard).toEqual(["b:s1"]);
  });

  it("work in process alone (embedded database), and closing wakes every listener", async () => {
    const hub = new SessionSignalHub(undefined);
    let woken = 0;
    await hub.subscribe("s1", () => woken++);
    hub.publish("s1");
    expect(woken).toBe(1);
    await hub.close();
    expect(woken).toBe(2);
    expect(hub.closed).toBe(true);
  });

  it("still subscribe when the transport cannot listen (streams fall back to their periodic check)", async () => {
    const errors: unknown[] = [];
    const failing: SignalTransport = {
      listen: async () => {
        throw new Error("Cannot connect to Redis");
      },
      publish: async () => undefined,
      close: async () => undefined,
    };
    const hub = new SessionSignalHub(failing, (error) => errors.push(error));
    let woken = 0;
    await hub.subscribe("s1", () => woken++);
    hub.publish("s1");
    expect(woken).toBe(1);
    expect(errors.map(String)).toEqual(["Error: Cannot connect to Redis"]);
  });
});
