/** RESP2, the Redis wire format: just enough to encode commands and read their replies. */
export type RespReply = string | number | null | RespReply[] | RespError;

export class RespError extends Error {}

export function encodeCommand(args: readonly (string | number)[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const value = Buffer.from(String(arg));
    parts.push(Buffer.from(`$${value.length}\r\n`), value, Buffer.from("\r\n"));
  }
  return Buffer.concat(parts);
}

const INCOMPLETE = Symbol("incomplete");

/** Reads whole replies out of a byte stream that may split them anywhere. */
export class RespParser {
  private buffer: Buffer = Buffer.alloc(0);

  /** Feeds bytes and returns every reply they complete, in order. */
  push(chunk: Buffer): RespReply[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const replies: RespReply[] = [];
    for (;;) {
      const parsed = this.parse(0);
      if (parsed === INCOMPLETE) return replies;
      replies.push(parsed.value);
      this.buffer = this.buffer.subarray(parsed.end);
      if (this.buffer.length === 0) return replies;
    }
  }

  reset(): void {
    this.buffer = Buffer.alloc(0);
  }

  private parse(start: number): { value: RespReply; end: number } | typeof INCOMPLETE {
    const lineEnd = this.buffer.indexOf("\r\n", start);
    if (lineEnd < 0) return INCOMPLETE;
    const type = String.fromCharCode(this.buffer[start]);
    const line = this.buffer.toString("utf8", start + 1, lineEnd);
    const next = lineEnd + 2;
    switch (type) {
      case "+":
        return { value: line, end: next };
      case "-":
        return { value: new RespError(line), end: next };
      case ":":
        return { value: Number(line), end: next };
      case "$": {
        const length = Number(line);
        if (length < 0) return { value: null, end: next };
        if (this.buffer.length < next + length + 2) return INCOMPLETE;
        return { value: this.buffer.toString("utf8", next, next + length), end: next + length + 2 };
      }
      case "*": {
        const count = Number(line);
        if (count < 0) return { value: null, end: next };
        const items: RespReply[] = [];
        let end = next;
        for (let i = 0; i < count; i++) {
          const item = this.parse(end);
          if (item === INCOMPLETE) return INCOMPLETE;
          items.push(item.value);
          end = item.end;
        }
        return { value: items, end };
      }
      default:
        throw new RespError(`Unexpected reply type "${type}" from Redis`);
    }
  }
}
