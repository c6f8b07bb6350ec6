import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { responseMismatch } from "../../src/http/response-check.js";
import { defineRoute, registerRoutes } from "../../src/http/route.js";
import { JsonText } from "../../src/lib/json-text.js";

const contract = {
  method: "GET",
  summary: "A route whose handler answers whatever the test asks for",
  tags: ["Test"],
  auth: "none",
  query: z.object({ answer: z.enum(["right", "wrong", "leaky"]) }),
  response: z.object({ name: z.string(), size: z.number() }),
} as const;

const answers = {
  right: { name: "a.txt", size: 3 },
  wrong: { name: "a.txt", size: "3" },
  leaky: { name: "a.txt", size: 3, secret: "s3cr3t" },
};

let baseUrl: string;
const app = Fastify();

beforeAll(async () => {
  const routes = [
    defineRoute({ ...contract, url: "/checked", handler: async ({ query }) => answers[query.answer] }),
    // The same answers already serialised, as the results page sends its page.
    defineRoute({
      ...contract,
      url: "/serialised",
      handler: async ({ query }) => new JsonText(JSON.stringify(answers[query.answer])),
    }),
    defineRoute({ ...contract, url: "/failing", handler: async () => Promise.reject(new Error("boom")) }),
  ];
  registerRoutes(app, routes, async () => undefined, { checkResponses: true });
  await app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(() => app.close());

const get = async (path: string) => {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, body: (await response.json()) as { code: string; message: string } };
};

describe("response checks (PARLEY_CHECK_RESPONSES, on in every test server)", () => {
  it("lets an answer that matches its route's schema through unchanged", async () => {
    expect(await get("/checked?answer=right")).toEqual({ status: 200, body: { name: "a.txt", size: 3 } });
  });

  it("turns an answer of the wrong shape into a 500 that names the route and the field", async () => {
    expect(await get("/checked?answer=wrong")).toEqual({
      status: 500,
      body: {
        code: "INTERNAL_SERVER_ERROR",
        message:
          "Response of GET /checked (200) does not match its schema: size: Invalid input: expected number, received string",
      },
    });
  });

  it("catches a field the schema does not declare (a leak the client would never be told about)", async () => {
    const { status, body } = await get("/checked?answer=leaky");
    expect(status).toBe(500);
    expect(body.message).toBe("Response of GET /checked (200) does not match its schema: undeclared fields secret");
  });

  it("checks an answer sent as JSON text (JsonText) the same way, and sends it as JSON", async () => {
    const right = await fetch(`${baseUrl}/serialised?answer=right`);
    expect(right.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await right.text()).toBe('{"name":"a.txt","size":3}');
    expect(await get("/serialised?answer=leaky")).toEqual({
      status: 500,
      body: {
        code: "INTERNAL_SERVER_ERROR",
        message: "Response of GET /serialised (200) does not match its schema: undeclared fields secret",
      },
    });
  });

  it("checks error bodies against { code, message, issues? }", async () => {
    const { status, body } = await get("/checked?answer=nonsense");
    expect(status).toBe(400);
    expect(body.code).toBe("BAD_REQUEST");
    expect(responseMismatch(z.object({ code: z.string(), message: z.string() }), { code: 1 })).toBe(
      "code: Invalid input: expected string, received number; message: Invalid input: expected string, received undefined",
    );
  });
});
