import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local stand-ins for the third-party widgets the client-side plug-ins load, on their own origin:
 * Cal.com's embed script (its `Cal` queue replayed, the booking page in a frame that reports the
 * booking to the embed by postMessage, as Cal.com's does) and Zendesk's messaging snippet (`zE`,
 * which hands the visitor's token to the account's server and opens the messenger).
 */
export type WidgetFakes = {
  origin: string;
  zendeskWidgetUrl: string;
  /** The user tokens the Zendesk fake was logged in with, in order. */
  zendeskLogins: string[];
  /** Every request, as `METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
};

export const FAKE_BOOKED_DATE = "2026-12-01T10:00:00.000Z";

const calEmbedScript = `(function () {
  var queued = window.Cal;
  var handlers = {};
  var origin = "";
  function Cal(command, options) {
    if (command === "init") origin = options.origin;
    if (command === "on") (handlers[options.action] = handlers[options.action] || []).push(options.callback);
    if (command === "off")
      handlers[options.action] = (handlers[options.action] || []).filter(function (callback) {
        return callback !== options.callback;
      });
    if (command === "inline") {
      var query = new URLSearchParams(options.config || {});
      query.set("layout", options.layout);
      var frame = document.createElement("iframe");
      frame.setAttribute("data-fake-cal", "");
      frame.src = origin + "/" + options.calLink + "?" + query.toString();
      options.elementOrSelector.appendChild(frame);
    }
  }
  window.addEventListener("message", function (event) {
    if (!event.data || event.data.fakeCal !== "booked") return;
    (handlers.bookingSuccessful || []).slice().forEach(function (callback) {
      callback({ detail: { type: "bookingSuccessful", data: { date: event.data.date } } });
    });
  });
  window.Cal = Cal;
  (queued && queued.q ? queued.q : []).forEach(function (args) { Cal.apply(null, args); });
})();`;

const bookingPage = (query: URLSearchParams) => `<!doctype html><html><body>
<p>Booking for ${escapeHtml(query.get("name") ?? "nobody")} in ${escapeHtml(query.get("layout") ?? "")}</p>
<button onclick="parent.postMessage({ fakeCal: 'booked', date: '${FAKE_BOOKED_DATE}' }, '*')">Confirm booking</button>
</body></html>`;

const zendeskSnippet = (origin: string) => `(function () {
  window.zE = function (namespace, command, argument) {
    if (namespace !== "messenger") return;
    if (command === "loginUser")
      argument(function (token) {
        fetch("${origin}/zendesk/login", { method: "POST", body: token });
      });
    if (command === "open") {
      var messenger = document.createElement("div");
      messenger.setAttribute("data-fake-zendesk", "");
      messenger.textContent = "Zendesk messenger is open";
      document.body.appendChild(messenger);
    }
  };
})();`;

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startWidgetFakes(): Promise<WidgetFakes> {
  const requests: string[] = [];
  const zendeskLogins: string[] = [];
  let origin = "";
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { "content-type": type, "access-control-allow-origin": "*" });
      response.end(body);
    };
    if (url.pathname === "/embed/embed.js") return send(200, "text/javascript", calEmbedScript);
    if (url.pathname === "/zendesk/snippet.js") return send(200, "text/javascript", zendeskSnippet(origin));
    if (url.pathname === "/zendesk/login" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        zendeskLogins.push(body);
        send(200, "application/json", "{}");
      });
      return;
    }
    if (request.method === "GET" && url.pathname.split("/").length === 3)
      return send(200, "text/html; charset=utf-8", bookingPage(url.searchParams));
    send(404, "text/plain", "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    zendeskWidgetUrl: `${origin}/zendesk/snippet.js`,
    zendeskLogins,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
