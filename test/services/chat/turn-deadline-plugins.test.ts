import { describe, expect, it } from "vitest";
import type { EnginePorts } from "../../../src/engine/ports.js";
import { portsWithDeadline } from "../../../src/services/chat/turn-deadline.js";

/** Plug-in ports that record the deadline each call carries. */
function pluginPorts() {
  const deadlines: (number | undefined)[] = [];
  const calls: string[] = [];
  const ports: EnginePorts = {
    clock: { now: () => new Date(0) },
    random: { id: () => "id", number: () => 0.5 },
    elevenlabs: {
      textToSpeech: async (request) => {
        calls.push("elevenlabs");
        deadlines.push(request.deadline);
        return { ok: true, url: "https://x.example/speech.mp3" };
      },
    },
    chatNode: {
      sendMessage: async (request) => {
        calls.push("chat-node");
        deadlines.push(request.deadline);
        return { ok: true, message: "hi" };
      },
    },
    qrCode: {
      generate: async () => {
        calls.push("qr-code");
        return { ok: true, url: "https://x.example/qr.png" };
      },
    },
  };
  return { ports, calls, deadlines };
}

const speech = { credentialsId: "c", voiceId: "v", text: "Hello" };
const scope = { botId: "b", mode: "live" as const };

describe("portsWithDeadline, plug-in services", () => {
  it("gives each call the turn's deadline, or its own when that comes first", async () => {
    const { ports, deadlines } = pluginPorts();
    const deadline = Date.now() + 1_000;
    const limited = portsWithDeadline(ports, deadline, "1 seconds timeout reached");
    await limited.elevenlabs!.textToSpeech(speech, scope);
    await limited.chatNode!.sendMessage(
      { credentialsId: "c", botId: "b", message: "m", deadline: deadline - 500 },
      scope,
    );
    expect(deadlines).toEqual([deadline, deadline - 500]);
  });

  it("calls nothing once the deadline passed, and says why", async () => {
    const { ports, calls } = pluginPorts();
    const limited = portsWithDeadline(ports, Date.now() - 1, "1 seconds timeout reached");
    const expired = { ok: false, error: "1 seconds timeout reached" };
    expect(await limited.elevenlabs!.textToSpeech(speech, scope)).toEqual(expired);
    expect(await limited.chatNode!.sendMessage({ credentialsId: "c", botId: "b", message: "m" }, scope)).toEqual(
      expired,
    );
    expect(await limited.qrCode!.generate("data")).toEqual(expired);
    expect(limited.difyAi).toBeUndefined();
    expect(calls).toEqual([]);
  });
});
