import { describe, expect, it } from "vitest";
import { AppError } from "../../src/errors.js";
import { multipartBoundary, multipartFile, multipartFileChunks } from "../../src/http/multipart.js";

async function* chunked(body: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
}

async function fileOf(body: Buffer, boundary: string, size: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of multipartFileChunks(chunked(body, size), boundary)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** A form as browsers encode it: fields first, then the file. */
async function encode(fields: Record<string, string>, content: Buffer): Promise<{ body: Buffer; boundary: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([content]), "data.bin");
  const request = new Request("http://local/", { method: "POST", body: form });
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  return { body: Buffer.from(await request.arrayBuffer()), boundary: boundary! };
}

describe("multipartFileChunks", () => {
  it("gives back exactly the file's bytes, however the body is cut into chunks", async () => {
    // Bytes that look like the start of a boundary must survive too.
    const content = Buffer.concat([
      Buffer.from("\r\n--\r\n-"),
      Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256)),
    ]);
    const { body, boundary } = await encode({ key: "uploads/a", policy: "x".repeat(100) }, content);
    for (const size of [1, 2, 3, 7, 64, 1000, body.length]) expect(await fileOf(body, boundary, size)).toEqual(content);
  });

  it("refuses a form without a file part, with fields too long, or cut off inside the file", async () => {
    const noFile = new FormData();
    noFile.append("key", "value");
    const request = new Request("http://local/", { method: "POST", body: noFile });
    const boundary = multipartBoundary(request.headers.get("content-type") ?? "")!;
    await expect(fileOf(Buffer.from(await request.arrayBuffer()), boundary, 10)).rejects.toThrow(
      new AppError("BAD_REQUEST", 'The form has no "file" part'),
    );
    const long = await encode({ key: "y".repeat(70 * 1024) }, Buffer.from("a"));
    await expect(fileOf(long.body, long.boundary, 4096)).rejects.toThrow(
      "The form's fields before the file are too long",
    );
    const whole = await encode({}, Buffer.from("abcdef"));
    await expect(fileOf(whole.body.subarray(0, whole.body.length - 20), whole.boundary, 8)).rejects.toThrow(
      "The form ended in the middle of the file",
    );
  });

  it("counts each part's headers toward the fields' limit: empty fields with 15 KiB headers are refused", async () => {
    // Issue 31 item 14: every part's headers stay under 16 KiB and every value is empty, so only the
    // headers add up: five such parts are 75 KiB before the file.
    const boundary = "----limits";
    const padding = `x-padding: ${"h".repeat(15 * 1024)}`;
    const parts = Array.from(
      { length: 5 },
      (_, i) => `--${boundary}\r\ncontent-disposition: form-data; name="f${i}"\r\n${padding}\r\n\r\n\r\n`,
    );
    const body = Buffer.from(
      `${parts.join("")}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc\r\n--${boundary}--\r\n`,
    );
    await expect(fileOf(body, boundary, 4096)).rejects.toThrow(
      new AppError("BAD_REQUEST", "The form's fields before the file are too long (their headers count too)"),
    );
    // The same form with one such part is read.
    const one = Buffer.from(
      `${parts[0]}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc\r\n--${boundary}--\r\n`,
    );
    expect((await fileOf(one, boundary, 4096)).toString()).toBe("abc");
  });

  it("refuses more than 50 parts before the file, however small", async () => {
    const boundary = "----parts";
    const part = (i: number) => `--${boundary}\r\ncontent-disposition: form-data; name="${i}"\r\n\r\n\r\n`;
    const form = (count: number) =>
      Buffer.from(
        `${Array.from({ length: count }, (_, i) => part(i)).join("")}--${boundary}\r\n` +
          `content-disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc\r\n--${boundary}--\r\n`,
      );
    expect((await fileOf(form(50), boundary, 512)).toString()).toBe("abc");
    await expect(fileOf(form(51), boundary, 512)).rejects.toThrow(
      new AppError("BAD_REQUEST", "The form has more than 50 parts before the file"),
    );
  });

  it("reads the boundary of a multipart/form-data content type only", () => {
    expect(multipartBoundary("multipart/form-data; boundary=----abc")).toBe("----abc");
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("application/json")).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });
});

describe("multipartFile", () => {
  it("names the file part as soon as its headers arrive, then streams exactly its bytes, empty or not", async () => {
    const content = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));
    const { body, boundary } = await encode({ key: "value" }, content);
    for (const size of [1, 13, body.length]) {
      const file = await multipartFile(chunked(body, size), boundary);
      expect(file.fileName).toBe("data.bin");
      const parts: Buffer[] = [];
      for await (const chunk of file.content) parts.push(chunk as Buffer);
      expect(Buffer.concat(parts)).toEqual(content);
    }
    const empty = await encode({}, Buffer.alloc(0));
    const file = await multipartFile(chunked(empty.body, 5), empty.boundary);
    const parts: Buffer[] = [];
    for await (const chunk of file.content) parts.push(chunk as Buffer);
    expect({ fileName: file.fileName, size: Buffer.concat(parts).length }).toEqual({ fileName: "data.bin", size: 0 });
  });

  it("refuses a form without a file part before anything is streamed", async () => {
    const { body, boundary } = await encode({ key: "value" }, Buffer.from("x"));
    const withoutFile = Buffer.from(body.toString("latin1").replace('name="file"', 'name="other"'), "latin1");
    await expect(multipartFile(chunked(withoutFile, 64), boundary)).rejects.toThrow('The form has no "file" part');
  });
});
