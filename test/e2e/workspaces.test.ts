import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { createClient } from "../helpers/http-client.js";

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startTestServer();
  const user = await server.createUser();
  api = createClient(server.baseUrl, user.token);
});
afterAll(() => server.close());

describe("workspaces (operation 1)", () => {
  it("creates a workspace with every field of the spec and makes the caller its admin", async () => {
    const { status, body } = await api.post("/v1/workspaces", { name: "Acme", icon: "🚀" });
    expect(status).toBe(200);
    const { workspace } = body;
    expect(Object.keys(workspace).sort()).toEqual([
      "createdAt",
      "icon",
      "id",
      "isPastDue",
      "isSuspended",
      "isVerified",
      "name",
      "paymentId",
      "plan",
      "updatedAt",
    ]);
    expect(workspace).toMatchObject({
      name: "Acme",
      icon: "🚀",
      plan: "FREE",
      paymentId: null,
      isSuspended: false,
      isPastDue: false,
      isVerified: false,
    });
    expect(workspace.id).toMatch(/^[a-z0-9]{20,}$/);
    expect(new Date(workspace.createdAt).toISOString()).toBe(workspace.createdAt);

    const read = await api.get(`/v1/workspaces/${workspace.id}`);
    expect(read.status).toBe(200);
    expect(read.body.workspace).toEqual(workspace);
    const list = await api.get("/v1/workspaces");
    expect(list.body.workspaces.map((w: { id: string }) => w.id)).toContain(workspace.id);
  });

  it("defaults the icon to null", async () => {
    const { body } = await api.post("/v1/workspaces", { name: "No icon" });
    expect(body.workspace.icon).toBeNull();
  });

  it("answers 400 with the path when the name is missing or empty", async () => {
    const missing = await api.post("/v1/workspaces", { icon: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("BAD_REQUEST");
    expect(missing.body.issues[0].path).toBe("name");
    const empty = await api.post("/v1/workspaces", { name: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([{ path: "name", message: "Name must not be empty" }]);
  });

  it("answers 404 for an unknown workspace", async () => {
    const { status, body } = await api.get("/v1/workspaces/doesnotexist");
    expect(status).toBe(404);
    expect(body).toEqual({ code: "NOT_FOUND", message: "Workspace not found" });
  });
});
