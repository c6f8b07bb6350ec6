import { describe, expect, it } from "vitest";
import { httpRequestExecutor } from "../../../../src/engine/blocks/integrations/http-request.js";
import type { HttpRequest, HttpResponse, SandboxPort } from "../../../../src/engine/ports.js";
import type { HttpRequestBlock } from "../../../../src/schemas/blocks/integrations/http-request.js";
import { AppError } from "../../../../src/errors.js";
import { integrationContext } from "./integration-context.js";

function fakeHttp(response: HttpResponse = { statusCode: 200, data: { ok: true } }) {
  const requests: HttpRequest[] = [];
  return {
    requests,
    port: {
      request: async (request: HttpRequest) => {
        requests.push(request);
        return response;
      },
    },
  };
}

const block = (options: HttpRequestBlock["options"], type: HttpRequestBlock["type"] = "Webhook"): HttpRequestBlock => ({
  id: "h",
  type,
  outgoingEdgeId: "e-next",
  options,
});

const variables = [
  { id: "v-name", name: "Name", value: 'Ann "the" \\ best\nsecond line' },
  { id: "v-city", name: "City", value: "Paris" },
  { id: "v-list", name: "Tags", value: ["a", "b"] },
  { id: "v-out", name: "Out" },
  { id: "v-status", name: "Status" },
  { id: "v-id", name: "Id" },
];

describe("HTTP request block", () => {
  it("posts the answers and variables by default, then maps the response into variables", async () => {
    const http = fakeHttp({ statusCode: 201, data: { user: { name: "Bob" }, items: [{ id: 42 }] } });
    const ctx = integrationContext({
      variables,
      answers: [{ key: "Email", blockId: "in", value: "ann@example.com" }],
      ports: { http: http.port },
    });
    const outcome = await httpRequestExecutor.execute(
      block({
        webhook: { url: "https://api.example.com/hook" },
        responseVariableMapping: [
          { id: "m1", variableId: "v-out", bodyPath: "data.user.name" },
          { id: "m2", variableId: "v-status", bodyPath: "statusCode" },
          { id: "m3", variableId: "v-id", bodyPath: "data.items[0].id" },
          { id: "m4", variableId: "v-city", bodyPath: "data.missing.deep" },
        ],
      }),
      ctx,
    );
    expect(http.requests).toEqual([
      {
        url: "https://api.example.com/hook",
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          submittedAt: "2026-01-15T10:00:00.000Z",
          Email: "ann@example.com",
          Name: 'Ann "the" \\ best\nsecond line',
          City: "Paris",
          Tags: "a,b",
        }),
        timeoutMs: 10_000,
      },
    ]);
    expect(outcome.outgoingEdgeId).toBe("e-next");
    expect(outcome.variables).toEqual([
      { id: "v-out", value: "Bob" },
      { id: "v-status", value: "201" },
      { id: "v-id", value: "42" },
    ]);
    expect(outcome.logs).toEqual([
      {
        status: "success",
        description: "Webhook successfuly executed.",
        details: {
          statusCode: 201,
          request: {
            url: "https://api.example.com/hook",
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: http.requests[0].body,
            timeout: 10,
          },
          response: { user: { name: "Bob" }, items: [{ id: 42 }] },
        },
      },
    ]);
  });

  it("templates a custom body so that every inserted value stays valid JSON", async () => {
    const http = fakeHttp();
    await httpRequestExecutor.execute(
      block({
        webhook: {
          url: "https://x.test",
          method: "PUT",
          body: '{"name": "{{Name}}", "tags": {{Tags}}, "city": "{{City}}"}',
        },
        isCustomBody: true,
        timeout: 30,
      }),
      integrationContext({ variables, ports: { http: http.port } }),
    );
    expect(JSON.parse(http.requests[0].body!)).toEqual({
      name: 'Ann "the" \\ best\nsecond line',
      tags: ["a", "b"],
      city: "Paris",
    });
    expect(http.requests[0].method).toBe("PUT");
    expect(http.requests[0].timeoutMs).toBe(30_000);
  });

  it("sends a body that is one variable as the variable's text, and a text body as text", async () => {
    const http = fakeHttp();
    const json = [{ id: "v-json", name: "Payload", value: '{"a":"x\\"y"}' }];
    await httpRequestExecutor.execute(
      block({ webhook: { url: "https://x.test", body: "{{Payload}}" }, isCustomBody: true }),
      integrationContext({ variables: json, ports: { http: http.port } }),
    );
    await httpRequestExecutor.execute(
      block({ webhook: { url: "https://x.test", body: "hello {{City}}" }, isCustomBody: true }),
      integrationContext({ variables, ports: { http: http.port } }),
    );
    expect(http.requests[0].body).toBe('{"a":"x\\"y"}');
    expect(http.requests[1].body).toBe("hello Paris");
    expect(http.requests[1].headers).toEqual({ "Content-Type": "text/plain; charset=utf-8" });
  });

  it("sends GET without a body, with templated query parameters and headers, and basic auth encoded", async () => {
    const http = fakeHttp();
    await httpRequestExecutor.execute(
      block({
        webhook: {
          url: "https://x.test/search?fixed=1",
          method: "GET",
          body: '{"ignored": true}',
          queryParams: [
            { id: "q1", key: "city", value: "{{City}}" },
            { id: "q2", key: "tag", value: "a b" },
            { id: "q3", key: "tag", value: "c&d" },
            { id: "q4", key: "empty", value: "{{Unknown}}" },
          ],
          headers: [
            { id: "h1", key: "Authorization", value: "Basic user:{{City}}" },
            { id: "h2", key: "X-City", value: "{{City}}" },
            { id: "h3", key: "", value: "no key" },
          ],
        },
        isCustomBody: true,
      }),
      integrationContext({ variables, ports: { http: http.port } }),
    );
    expect(http.requests).toEqual([
      {
        url: "https://x.test/search?fixed=1&city=Paris&tag=a%20b&tag=c%26d",
        method: "GET",
        headers: { Authorization: `Basic ${Buffer.from("user:Paris").toString("base64")}`, "X-City": "Paris" },
        timeoutMs: 10_000,
      },
    ]);
  });

  it("turns a JSON body into form fields when the content type says so", async () => {
    const http = fakeHttp();
    await httpRequestExecutor.execute(
      block({
        webhook: {
          url: "https://x.test",
          headers: [{ id: "h", key: "content-type", value: "application/x-www-form-urlencoded" }],
          body: '{"a": "1 2", "b": {"c": 3}}',
        },
        isCustomBody: true,
      }),
      integrationContext({ variables, ports: { http: http.port } }),
    );
    expect(http.requests[0].body).toBe("a=1+2&b=%7B%22c%22%3A3%7D");
    expect(http.requests[0].headers).toEqual({ "content-type": "application/x-www-form-urlencoded" });
  });

  it("logs an error response or a failure with the sensitive error description and still maps and goes on", async () => {
    const http = fakeHttp({ statusCode: 404, data: "Not here" });
    const outcome = await httpRequestExecutor.execute(
      block(
        {
          webhook: { url: "https://x.test", method: "GET" },
          responseVariableMapping: [{ id: "m", variableId: "v-status", bodyPath: "statusCode" }],
        },
        "Zapier",
      ),
      integrationContext({ variables, ports: { http: http.port } }),
    );
    expect(outcome.outgoingEdgeId).toBe("e-next");
    expect(outcome.variables).toEqual([{ id: "v-status", value: "404" }]);
    expect(outcome.logs?.map((log) => [log.status, log.description])).toEqual([
      ["error", "Webhook returned an error."],
    ]);

    const timedOut = fakeHttp({
      statusCode: 408,
      data: { message: "Request timed out. (10s)" },
      error: { kind: "timeout", message: "Request timed out. (10s)" },
    });
    const failed = await httpRequestExecutor.execute(
      block({ webhook: { url: "https://x.test", method: "GET" } }, "Make.com"),
      integrationContext({ ports: { http: timedOut.port } }),
    );
    expect(failed.logs?.[0]).toMatchObject({
      status: "error",
      description: "Webhook returned an error.",
      details: { statusCode: 408, error: "Request timed out. (10s)" },
    });
  });

  it("goes on silently without request settings, and logs a request without a URL", async () => {
    const ctx = integrationContext({ ports: { http: fakeHttp().port } });
    expect(await httpRequestExecutor.execute(block(undefined, "Pabbly"), ctx)).toEqual({ outgoingEdgeId: "e-next" });
    expect(await httpRequestExecutor.execute(block({ webhook: { url: "{{Nothing}}" } }), ctx)).toEqual({
      outgoingEdgeId: "e-next",
      logs: [{ status: "error", description: "Couldn't parse webhook attributes" }],
    });
  });

  it("hands a mapping that is code to the sandbox, and skips it without one", async () => {
    const mapping = [{ id: "m", variableId: "v-out", bodyPath: "data.items.map(i => i.id).join('-')" }];
    const runs: unknown[] = [];
    const sandbox: SandboxPort = {
      run: async (request) => {
        runs.push(request);
        return { ok: true, value: "1-2", setVariables: [] };
      },
    };
    const http = fakeHttp({ statusCode: 200, data: { items: [{ id: 1 }, { id: 2 }] } });
    const withSandbox = await httpRequestExecutor.execute(
      block({ webhook: { url: "https://x.test" }, responseVariableMapping: mapping }),
      integrationContext({ variables, ports: { http: http.port, sandbox } }),
    );
    expect(withSandbox.variables).toEqual([{ id: "v-out", value: "1-2" }]);
    expect(runs).toEqual([
      {
        code: "data.items.map(i => i.id).join('-')",
        globals: { data: { items: [{ id: 1 }, { id: 2 }] }, statusCode: 200 },
        kind: "expression",
      },
    ]);
    const without = await httpRequestExecutor.execute(
      block({ webhook: { url: "https://x.test" }, responseVariableMapping: mapping }),
      integrationContext({ variables, ports: { http: http.port } }),
    );
    expect(without.variables).toBeUndefined();
  });

  describe("executed on the client", () => {
    const onClient = block({
      webhook: {
        url: "https://x.test/{{City}}",
        body: '{"city": "{{City}}"}',
        headers: [{ id: "h", key: "X-A", value: "1" }],
      },
      isCustomBody: true,
      isExecutedOnClient: true,
      responseVariableMapping: [{ id: "m", variableId: "v-out", bodyPath: "data.answer" }],
    });

    it("asks the client to send the request and waits for its reply", async () => {
      const http = fakeHttp();
      const outcome = await httpRequestExecutor.execute(
        onClient,
        integrationContext({ variables, ports: { http: http.port } }),
      );
      expect(http.requests).toEqual([]);
      expect(outcome.clientSideActions).toEqual([
        {
          type: "httpRequestToExecute",
          httpRequestToExecute: {
            url: "https://x.test/Paris",
            method: "POST",
            headers: { "X-A": "1", "Content-Type": "application/json" },
            body: { city: "Paris" },
          },
          expectsDedicatedReply: true,
        },
      ]);
    });

    it("maps the client's JSON reply and goes on along the block's edge", async () => {
      const outcome = await httpRequestExecutor.resume!(
        onClient,
        JSON.stringify({ statusCode: 200, data: { answer: 42 } }),
        integrationContext({ variables }),
      );
      expect(outcome).toEqual({
        outgoingEdgeId: "e-next",
        variables: [{ id: "v-out", value: "42" }],
        logs: [{ status: "success", description: "Webhook executed successfully!", details: { answer: 42 } }],
      });
      const failed = await httpRequestExecutor.resume!(
        onClient,
        JSON.stringify({ statusCode: 500, data: "boom" }),
        integrationContext({ variables }),
      );
      expect(failed.logs).toEqual([{ status: "error", description: "Webhook returned error", details: "boom" }]);
    });

    it("refuses a reply that is not JSON with a 400", async () => {
      const ctx = integrationContext({ variables });
      await expect(httpRequestExecutor.resume!(onClient, "not json", ctx)).rejects.toEqual(
        new AppError("INVALID_HTTP_RESPONSE", "Provided response is not valid JSON"),
      );
      await expect(httpRequestExecutor.resume!(onClient, undefined, ctx)).rejects.toMatchObject({
        status: 400,
        message: "Provided response is not valid JSON",
      });
    });
  });
});
