import http from "node:http";
import type { AddressInfo } from "node:net";

/** A plain web site on another port (so another origin) serving the HTML pages a test gives it. */
export type HostSite = {
  origin: string;
  page(path: string, html: string): string;
  /** Any other file (a picture, a sound): returns its URL. */
  asset(path: string, body: Buffer | string, contentType: string): string;
  close(): Promise<void>;
  requests: string[];
};

export async function startHostSite(): Promise<HostSite> {
  const pages = new Map<string, string>();
  const assets = new Map<string, { body: Buffer | string; contentType: string }>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://host");
    requests.push(`${request.method} ${url.pathname}`);
    if (url.pathname === "/echo") {
      // A third-party API the bot calls from the browser (CORS open, as such APIs are).
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        response.writeHead(request.method === "OPTIONS" ? 204 : 200, {
          "content-type": "application/json",
          "access-control-allow-origin": "*",
          "access-control-allow-headers": "content-type",
          "access-control-allow-methods": "GET, POST, OPTIONS",
        });
        response.end(
          request.method === "OPTIONS"
            ? undefined
            : JSON.stringify({ received: body ? JSON.parse(body) : null, plan: "gold" }),
        );
      });
      return;
    }
    const asset = assets.get(url.pathname);
    if (asset) {
      response.writeHead(200, { "content-type": asset.contentType });
      response.end(asset.body);
      return;
    }
    const html = pages.get(url.pathname);
    response.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(html ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    page(path, html) {
      pages.set(path, html);
      return origin + path;
    },
    asset(path, body, contentType) {
      assets.set(path, { body, contentType });
      return origin + path;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A host page: some content of its own, hostile CSS that must not reach the chat, and the embed. */
export function hostPage(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:serif;margin:24px} button,div,p,input{all:unset;color:red !important;background:yellow !important;font-size:40px !important}</style>
</head><body><h1>${title}</h1><p>The site's own text.</p>${body}</body></html>`;
}
