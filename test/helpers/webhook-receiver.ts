import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request the receiver got, as it arrived. */
export type ReceivedWebhook = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, any> };
  status: number;
};

/**
 * A real HTTP endpoint on 127.0.0.1 that records every webhook request. Each path answers 200
 * unless told otherwise: `plan(path, [500])` answers the next requests with those statuses in
 * turn, `fail(path, 500)` answers that status for good.
 */
export async function webhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const planned = new Map<string, number[]>();
  const failing = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const status = planned.get(path)?.shift() ?? failing.get(path) ?? 200;
      const body = Buffer.concat(chunks).toString("utf8");
      let json: ReceivedWebhook["json"];
      try {
        json = JSON.parse(body);
      } catch {
        json = { type: "(not JSON)", timestamp: "", data: {} };
      }
      received.push({ path, headers: request.headers, body, json, status });
      response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((request) => request.path === path),
    plan(path: string, statuses: number[]) {
      planned.set(path, [...statuses]);
    },
    fail(path: string, status: number) {
      failing.set(path, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
