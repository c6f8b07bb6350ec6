import { describe, expect, it } from "vitest";
import { encodeCommand, RespError, RespParser } from "../../../src/http/rate-limit/resp.js";

describe("RESP encoding and parsing", () => {
  it("encodes a command as an array of bulk strings, counting bytes rather than characters", () => {
    expect(encodeCommand(["SET", "clé", 5]).toString()).toBe("*3\r\n$3\r\nSET\r\n$4\r\nclé\r\n$1\r\n5\r\n");
  });

  it("reads every reply type, even when the bytes arrive split at arbitrary places", () => {
    const wire = Buffer.from("+OK\r\n:42\r\n$4\r\nhé!\r\n$-1\r\n*2\r\n:3\r\n*1\r\n$2\r\nok\r\n-ERR wrong\r\n");
    for (let cut = 1; cut < wire.length; cut++) {
      const parser = new RespParser();
      const replies = [...parser.push(wire.subarray(0, cut)), ...parser.push(wire.subarray(cut))];
      expect(replies.slice(0, 5)).toEqual(["OK", 42, "hé!", null, [3, ["ok"]]]);
      expect(replies[5]).toBeInstanceOf(RespError);
      expect((replies[5] as RespError).message).toBe("ERR wrong");
    }
  });
});
