import { Inflate } from "fflate";
import { DocumentRejected, reasons } from "./reasons.js";

/** Compressed input handed to the inflater at a time: deflate expands at most ~1,032×, so ≤ 16 MB per step. */
const STEP_BYTES = 16 * 1024;

/**
 * One file out of a ZIP archive (a DOCX is one), inflated with its output counted as it grows: past
 * `maxUnpacked` bytes it stops, whatever sizes the archive declares (a zip bomb declares small ones).
 * Undefined when the archive has no such file. Reads the central directory (not ZIP64: a DOCX never
 * needs it).
 */
export function readZipEntry(zip: Uint8Array, name: string, maxUnpacked: number): Uint8Array | undefined {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const unreadable = (detail: string) => new DocumentRejected(reasons.unreadable("DOCX", detail));
  let end = -1;
  for (let offset = zip.length - 22; offset >= Math.max(0, zip.length - 22 - 65_535); offset--)
    if (view.getUint32(offset, true) === 0x06054b50) {
      end = offset;
      break;
    }
  if (end < 0) throw unreadable("it is not a ZIP archive");
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > zip.length || view.getUint32(offset, true) !== 0x02014b50)
      throw unreadable("its ZIP directory is damaged");
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localOffset = view.getUint32(offset + 42, true);
    const entryName = decoder.decode(zip.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    if (entryName !== name) continue;
    if (localOffset + 30 > zip.length || view.getUint32(localOffset, true) !== 0x04034b50)
      throw unreadable("its ZIP directory is damaged");
    const start = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    const data = zip.subarray(start, Math.min(zip.length, start + compressedSize));
    if (method === 0) {
      if (data.length > maxUnpacked) throw new DocumentRejected(reasons.zipBomb(maxUnpacked));
      return data;
    }
    if (method !== 8) throw unreadable(`${name} is compressed in a way DOCX files do not use`);
    return inflateBounded(data, maxUnpacked);
  }
  return undefined;
}

function inflateBounded(data: Uint8Array, maxUnpacked: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > maxUnpacked) throw new DocumentRejected(reasons.zipBomb(maxUnpacked));
    parts.push(chunk);
  });
  try {
    for (let offset = 0; offset < data.length; offset += STEP_BYTES) {
      const last = offset + STEP_BYTES >= data.length;
      inflater.push(data.subarray(offset, offset + STEP_BYTES), last);
    }
  } catch (error) {
    if (error instanceof DocumentRejected) throw error;
    throw new DocumentRejected(reasons.unreadable("DOCX", "its compressed data is damaged"));
  }
  const result = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    result.set(part, at);
    at += part.length;
  }
  return result;
}
