import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FirstUser } from "../../src/server.js";
import { setPassword } from "../../src/services/auth/browser-sessions.js";
import { createSetupToken } from "../../src/services/auth/setup-links.js";
import { createClient } from "../helpers/http-client.js";
import { startServerProcess } from "../helpers/server-process.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { createTestDatabase } from "../helpers/test-database.js";

let server: TestServer;
const anonymous = () => createClient(server.baseUrl);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PASSWORD = "correct horse battery";
type Session = { cookie: string; csrfToken: string; setCookie: string };

async function userWithPassword(password = PASSWORD) {
  const user = await server.createUser();
  const { email } = (await server.ctx.users.findById(user.userId))!;
  await setPassword(server.ctx, user.userId, password);
  return { ...user, email };
}

async function signIn(email: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<Session> {
  const response = await anonymous().post("/auth/login", { email, password }, headers);
  expect(response.status).toBe(200);
  const setCookie = response.headers.get("set-cookie")!;
  return { cookie: setCookie.split(";")[0], csrfToken: response.body.csrfToken, setCookie };
}

/** What the builder sends: the cookie always, the CSRF header on writes when asked to. */
function browser(session: Session, withCsrf = true) {
  const api = anonymous();
  const headers = (write: boolean) => ({
    cookie: session.cookie,
    ...(write && withCsrf ? { "x-csrf-token": session.csrfToken } : {}),
  });
  return {
    get: (path: string) => api.get(path, headers(false)),
    post: (path: string, body?: unknown) => api.post(path, body ?? {}, headers(true)),
    patch: (path: string, body: unknown) => api.request("PATCH", path, body, headers(true)),
    delete: (path: string) => api.request("DELETE", path, undefined, headers(true)),
  };
}

describe("signing in with e-mail and password", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie and answers the user with a CSRF token", async () => {
    const user = await userWithPassword();
    const response = await anonymous().post("/auth/login", { email: user.email.toUpperCase(), password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: { id: user.userId, email: user.email },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(response.headers.get("set-cookie")).toMatch(
      /^parley_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1209600$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("stores only a hash of the cookie value, with an expiry", async () => {
    const user = await userWithPassword();
    const session = await signIn(user.email);
    const value = session.cookie.slice("parley_session=".length);
    const rows = await server.ctx.store.db
      .selectFrom("browserSessions")
      .selectAll()
      .where("userId", "=", user.userId)
      .execute();
    expect(rows.map((row) => row.tokenHash)).toEqual([createHash("sha256").update(value).digest("hex")]);
    expect(Date.parse(rows[0].expiresAt) - Date.now()).toBeGreaterThan(13 * 24 * 3_600_000);
    const stored = await server.ctx.users.findById(user.userId);
    // With the test servers' PARLEY_PASSWORD_HASH_COST (the default, 2^15, is test/services/auth/password-hash's).
    expect(stored?.passwordHash).toMatch(/^scrypt\$1024\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it("adds Secure when the request came through HTTPS", async () => {
    const user = await userWithPassword();
    const session = await signIn(user.email, PASSWORD, { "x-forwarded-proto": "https" });
    expect(session.setCookie).toMatch(/; Secure$/);
  });

  it("answers 401 with one message for a wrong password, an unknown e-mail and a user without password", async () => {
    const user = await userWithPassword();
    const wrong = await anonymous().post("/auth/login", { email: user.email, password: "not the password" });
    const unknown = await anonymous().post("/auth/login", { email: "nobody@example.com", password: PASSWORD });
    const withoutPassword = (await server.ctx.users.findById((await server.createUser()).userId))!;
    const noPasswordYet = await anonymous().post("/auth/login", { email: withoutPassword.email, password: PASSWORD });
    for (const response of [wrong, unknown, noPasswordYet]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: "UNAUTHORIZED", message: "Wrong e-mail or password" });
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("tells the builder who is signed in, and 401 without a session", async () => {
    const user = await userWithPassword();
    const session = await signIn(user.email);
    const me = await browser(session).get("/auth/me");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user: { id: user.userId, email: user.email }, csrfToken: session.csrfToken });
    const none = await anonymous().get("/auth/me");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: "UNAUTHORIZED", message: "Not signed in" });
    expect((await anonymous().get("/auth/me", { cookie: "parley_session=forged" })).status).toBe(401);
  });

  it("signs out: the session is deleted and the cookie cleared", async () => {
    const user = await userWithPassword();
    const session = await signIn(user.email);
    const out = await browser(session).post("/auth/logout");
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: "success" });
    expect(out.headers.get("set-cookie")).toBe("parley_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect((await browser(session).get("/auth/me")).status).toBe(401);
    expect((await browser(session).get("/v1/workspaces")).status).toBe(401);
    expect(
      await server.ctx.store.db.selectFrom("browserSessions").select("id").where("userId", "=", user.userId).execute(),
    ).toEqual([]);
  });
});

describe("the session cookie on the management API", () => {
  it("authenticates every management route as the signed-in user", async () => {
    const user = await userWithPassword();
    const session = await signIn(user.email);
    const listed = await browser(session).get("/v1/workspaces");
    expect(listed.status).toBe(200);
    expect(listed.body.workspaces.map((workspace: { id: string }) => workspace.id)).toEqual([user.workspaceId]);

    const created = await browser(session).post("/v1/bots", {
      workspaceId: user.workspaceId,
      bot: { name: "From the builder" },
    });
    expect(created.status).toBe(200);
    const botId = created.body.bot.id;
    expect((await browser(session).patch(`/v1/bots/${botId}`, { bot: { name: "Renamed" } })).body.bot.name).toBe(
      "Renamed",
    );
    expect((await browser(session).get(`/v1/bots/${botId}/results`)).status).toBe(200);
    expect((await browser(session).get(`/v1/workspaces/${user.workspaceId}/credentials`)).status).toBe(200);
    expect((await browser(session).delete(`/v1/bots/${botId}`)).body).toEqual({ message: "success" });
  });

  it("refuses cookie-authenticated writes without the session's CSRF token with 403", async () => {
    const user = await userWithPassword();
    const session = await signIn(user.email);
    const forbidden = { code: "CSRF_TOKEN_INVALID", message: "Missing or invalid CSRF token" };
    const withoutHeader = await browser(session, false).post("/v1/bots", { workspaceId: user.workspaceId });
    expect(withoutHeader.status).toBe(403);
    expect(withoutHeader.body).toEqual(forbidden);

    const other = await signIn(user.email);
    const wrongToken = await browser({ ...session, csrfToken: other.csrfToken }).post("/v1/bots", {
      workspaceId: user.workspaceId,
    });
    expect(wrongToken.status).toBe(403);
    expect(wrongToken.body).toEqual(forbidden);
    expect((await browser(session, false).delete(`/v1/tokens/x`)).status).toBe(403);

    // Reads need no token, and nothing was created by the refused writes.
    const bots = await browser(session, false).get(`/v1/bots?workspaceId=${user.workspaceId}`);
    expect(bots.body.bots).toEqual([]);
  });

  it("needs no CSRF token with an API token, which wins over a cookie", async () => {
    const user = await userWithPassword();
    const session = await signIn(user.email);
    const api = createClient(server.baseUrl, user.token);
    const created = await api.post("/v1/bots", { workspaceId: user.workspaceId }, { cookie: session.cookie });
    expect(created.status).toBe(200);
  });
});

describe("the one-time link to set a password", () => {
  it("is created at first start, stored hashed, works once and then signs in", async () => {
    const setupToken = (server as TestServer & { firstToken?: FirstUser }).firstToken!.setupToken;
    const rows = await server.ctx.store.db
      .selectFrom("passwordSetupTokens")
      .select(["tokenHash", "expiresAt"])
      .execute();
    expect(rows.map((row) => row.tokenHash)).toEqual([createHash("sha256").update(setupToken).digest("hex")]);
    expect(Date.parse(rows[0].expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const tooShort = await anonymous().post("/auth/password", { token: setupToken, password: "short" });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toBe("Invalid body: password: Password must be at least 8 characters long");

    const set = await anonymous().post("/auth/password", { token: setupToken, password: "first password" });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ message: "success" });
    const again = await anonymous().post("/auth/password", { token: setupToken, password: "second password" });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_SETUP_LINK");
    expect(again.body.message).toMatch(/^This link is invalid, was already used or has expired/);

    const session = await signIn("admin@parley.local", "first password");
    expect((await browser(session).get("/v1/workspaces")).body.workspaces.map((w: { name: string }) => w.name)).toEqual(
      ["My workspace"],
    );
  });

  it("refuses an unknown or expired link with 400", async () => {
    const unknown = await anonymous().post("/auth/password", { token: "made-up", password: "long enough" });
    expect(unknown.status).toBe(400);
    const user = await server.createUser();
    const token = await createSetupToken(server.ctx, user.userId);
    await server.ctx.store.db
      .updateTable("passwordSetupTokens")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("userId", "=", user.userId)
      .execute();
    const expired = await anonymous().post("/auth/password", { token, password: "long enough" });
    expect(expired.status).toBe(400);
  });

  it("is printed by the first start of the real server, next to the API token", async () => {
    const database = await createTestDatabase();
    const env = {
      ...process.env,
      PARLEY_DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    };
    if (!database.databaseUrl) delete env.DATABASE_URL;
    const parley = await startServerProcess(env);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const link = new RegExp(
        `^ {2}(${parley.url.replace(/[.]/g, "\\.")}/setup\\?token=([A-Za-z0-9_-]{43}))$`,
        "m",
      ).exec(parley.output());
      expect(link).not.toBeNull();
      const api = createClient(`${parley.url}/api`);
      expect((await api.post("/auth/password", { token: link![2], password: "from the link" })).status).toBe(200);
      expect((await api.post("/auth/login", { email: "admin@parley.local", password: "from the link" })).status).toBe(
        200,
      );
    } finally {
      await parley.stop();
      await database.drop();
    }
  });
});

describe("npx parley user create", () => {
  const run = promisify(execFile);
  function parley(args: string[], input: string) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PARLEY_DATA_DIR: server.dataDir,
      LOG_LEVEL: "warn",
      PARLEY_PASSWORD_HASH_COST: "1024",
    };
    if (server.databaseUrl) env.DATABASE_URL = server.databaseUrl;
    else delete env.DATABASE_URL;
    const child = run(process.execPath, ["bin/parley.js", ...args], { env });
    child.child.stdin!.end(input);
    return child;
  }

  it("creates a user with a workspace, the password read from standard input", async () => {
    const { stdout } = await parley(["user", "create", "--email", "New.Person@Example.com"], "a long password\n");
    expect(stdout).toMatch(
      /^Created user new\.person@example\.com with the workspace "My workspace"\. Sign in at http:\/\/localhost:\d+\/login\n$/,
    );
    const session = await signIn("new.person@example.com", "a long password");
    const { body } = await browser(session).get("/v1/workspaces");
    expect(body.workspaces.map((workspace: { name: string }) => workspace.name)).toEqual(["My workspace"]);
  });

  it("changes an existing user's password and signs out their browsers", async () => {
    const user = await userWithPassword();
    const before = await signIn(user.email);
    const { stdout } = await parley(["user", "create", "--email", user.email], "the new password\r\n");
    expect(stdout).toMatch(/^Changed the password of /);
    expect((await browser(before).get("/auth/me")).status).toBe(401);
    expect((await anonymous().post("/auth/login", { email: user.email, password: PASSWORD })).status).toBe(401);
    await signIn(user.email, "the new password");
    expect((await server.ctx.workspaces.listForUser(user.userId)).length).toBe(1);
  });

  it("prints a fresh one-time link with user setup-link, and refuses an unknown e-mail", async () => {
    const user = await server.createUser();
    const email = await server.ctx.users.findById(user.userId).then((found) => found!.email);
    const { stdout } = await parley(["user", "setup-link", "--email", email], "");
    const token = /\/setup\?token=([A-Za-z0-9_-]{43})\n$/.exec(stdout)![1];
    expect((await anonymous().post("/auth/password", { token, password: "set by link" })).status).toBe(200);
    await signIn(email, "set by link");
    const unknown = await parley(["user", "setup-link", "--email", "ghost@example.com"], "").catch((error) => error);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      "parley: No user with the e-mail ghost@example.com (create one with: parley user create --email ghost@example.com)\n",
    );
  });

  it("refuses a password shorter than 8 characters", async () => {
    const failed = await parley(["user", "create", "--email", "short@example.com"], "1234567\n").catch(
      (error) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe("parley: The password must be at least 8 characters long; nothing was changed\n");
    expect(await server.ctx.users.findByEmail("short@example.com")).toBeUndefined();
  });
});

describe("failed sign-ins", () => {
  it("slow down that address for that account: after ten, 429, another address signs in at once", async () => {
    const own = await startTestServer({ PARLEY_TRUST_PROXY: "on" });
    try {
      const api = createClient(own.baseUrl);
      const from = (address: string) => ({ "x-forwarded-for": address });
      const admin = await own.createUser("owner@example.com");
      await setPassword(own.ctx, admin.userId, PASSWORD);
      for (let attempt = 0; attempt < 10; attempt++)
        expect(
          (
            await api.post(
              "/auth/login",
              { email: "owner@example.com", password: `guess ${attempt}` },
              from("203.0.113.7"),
            )
          ).status,
        ).toBe(401);
      const blocked = await api.post(
        "/auth/login",
        { email: "owner@example.com", password: "guess 11" },
        from("203.0.113.7"),
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        code: "TOO_MANY_REQUESTS",
        message: "Too many failed sign-ins for this account from this address. Retry in 30 seconds.",
      });
      expect(blocked.headers.get("retry-after")).toBe("30");
      // Even the right password waits at that address…
      expect(
        (await api.post("/auth/login", { email: "owner@example.com", password: PASSWORD }, from("203.0.113.7"))).status,
      ).toBe(429);
      // …while the account owner elsewhere signs in, and other accounts at that address too.
      const elsewhere = await api.post(
        "/auth/login",
        { email: "owner@example.com", password: PASSWORD },
        from("198.51.100.4"),
      );
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body.user.email).toBe("owner@example.com");
      const other = await own.createUser();
      const { email } = (await own.ctx.users.findById(other.userId))!;
      await setPassword(own.ctx, other.userId, PASSWORD);
      expect((await api.post("/auth/login", { email, password: PASSWORD }, from("203.0.113.7"))).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("npx parley token", () => {
  const run = promisify(execFile);
  const parley = (args: string[]) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PARLEY_DATA_DIR: server.dataDir,
      LOG_LEVEL: "warn",
      PARLEY_PASSWORD_HASH_COST: "1024",
    };
    if (server.databaseUrl) env.DATABASE_URL = server.databaseUrl;
    else delete env.DATABASE_URL;
    return run(process.execPath, ["bin/parley.js", ...args], { env });
  };

  it("lists tokens under column headers", async () => {
    const { stdout } = await parley(["token", "list"]);
    const [header, ...rows] = stdout.trimEnd().split("\n");
    expect(header).toBe("ID\tE-MAIL\tNAME\tCREATED\tSTATUS");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.split("\t").length === 5)).toBe(true);
  });

  it("refuses an unknown id in one line, exit code 1, without the usage", async () => {
    const failed = await parley(["token", "revoke", "nosuchtoken"]).catch((error) => error);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe("parley: No active token with id nosuchtoken (see: parley token list)\n");
  });
});
