import QRCode from "qrcode";
import type { QrCodePort } from "../../engine/ports.js";
import type { GeneratedFileStore } from "../uploads/generated-files.js";

/**
 * QR codes drawn here with the `qrcode` package (nothing leaves the server), stored as PNG with the
 * uploads. Data a QR code cannot hold (about 3 KB at most) is a failure, as is an image past the upload limit.
 */
export function createQrCodePort(options: { storeFile: GeneratedFileStore; maxBytes: number }): QrCodePort {
  return {
    async generate(data) {
      let png: Buffer;
      try {
        png = await QRCode.toBuffer(data, { type: "png" });
      } catch (error) {
        return {
          ok: false,
          error: "Could not generate the QR code",
          details: error instanceof Error ? error.message : String(error),
        };
      }
      if (png.byteLength > options.maxBytes)
        return {
          ok: false,
          error: "Could not generate the QR code",
          details: `The image is larger than the ${options.maxBytes} bytes an upload may have`,
        };
      return { ok: true, url: await options.storeFile(new Uint8Array(png), "qr-code.png") };
    },
  };
}
