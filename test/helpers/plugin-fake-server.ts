import http from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, any>;
export type FakeCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  json?: any;
};

/**
 * A real HTTP server on 127.0.0.1 standing in for a plug-in's service: it records every request
 * (method, path, query, headers, JSON body) and answers with what `route` returns.
 */
export async function fakeService(route: (call: FakeCall) => { status: number; body?: unknown; headers?: Json }) {
  const received: FakeCall[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", "http://fake");
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = text;
      }
      const call = {
        method: request.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        json,
      };
      received.push(call);
      const answer = route(call);
      response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      response.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}`,
    /** Requests since `from`, optionally only those to one path. */
    since: (from: number, path?: string) => received.slice(from).filter((call) => !path || call.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeService = Awaited<ReturnType<typeof fakeService>>;
