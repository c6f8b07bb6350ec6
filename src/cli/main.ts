import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.js";
import { buildOpenApiDocument } from "../http/openapi.js";
import { apiRoutes, documentedRoutes, PARLEY_VERSION } from "../http/app.js";
import { createContext, type AppContext } from "../services/context.js";
import { openStore } from "../store/connect.js";
import { startServer } from "../server.js";
import { setPassword } from "../services/auth/browser-sessions.js";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../services/auth/password-hash.js";
import { createSetupToken, setupLink } from "../services/auth/setup-links.js";
import { testCommand, testUsage } from "./test-command.js";

const usage = `Usage: parley <command>

Commands:
  start                                   start the server (PORT, HOST, PARLEY_DATA_DIR, DATABASE_URL)
  token create --email E [--name LABEL]   create an API token for that user (created if needed)
  token list                              list API tokens (never their values)
  token revoke <id>                       revoke a token
  user create --email E                   create a user (with a workspace) or change their password;
                                          the password is read from standard input
  user setup-link --email E               print a one-time link to set that user's password (24 hours)
  openapi                                 print the OpenAPI document
  ${testUsage}
`;

class UsageError extends Error {}

/**
 * The usage of one command, with its continuation lines (`parley token --help`), or undefined for a
 * command that does not exist.
 */
function commandUsage(command: string): string | undefined {
  const lines = usage.split("\n");
  const entries: string[] = [];
  let inCommand = false;
  for (const line of lines) {
    if (/^ {2}\S/.test(line)) inCommand = line.slice(2).split(" ")[0] === command;
    else if (!/^ {3,}\S/.test(line)) inCommand = false;
    if (inCommand) entries.push(line);
  }
  return entries.length > 0 ? `Usage: parley ${command} …\n\n${entries.join("\n")}\n` : undefined;
}

async function withStore<T>(run: (ctx: ReturnType<typeof createContext>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
    sqliteSynchronous: config.sqliteSynchronous,
  });
  try {
    return await run(createContext(config, store));
  } finally {
    await store.close();
  }
}

async function start() {
  const config = loadConfig();
  const server = await startServer(config);
  const lines = [
    `Parley is running at ${server.url}`,
    `API: ${server.url}/api   docs: ${server.url}/api/docs`,
    `Database: ${server.ctx.store.location}`,
  ];
  if (server.firstToken)
    lines.push(
      "",
      `First start: created user ${server.firstToken.email} with the workspace "My workspace".`,
      "Its API token is shown only this once; keep it:",
      "",
      `  ${server.firstToken.token}`,
      "",
      `Try: curl -H "Authorization: Bearer ${server.firstToken.token}" ${server.url}/api/v1/workspaces`,
      "",
      `To sign in to the builder, set the password of ${server.firstToken.email} with this link (works once, for 24 hours):`,
      "",
      `  ${setupLink(server.url, server.firstToken.setupToken)}`,
    );
  process.stdout.write(`${lines.join("\n")}\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, "shutting down");
    await server.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

async function token(args: string[]) {
  const [sub, ...rest] = args;
  if (sub === "create") {
    const { values } = parseArgs({ args: rest, options: { email: { type: "string" }, name: { type: "string" } } });
    if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email))
      throw new UsageError("token create needs --email <address>");
    await withStore(async (ctx) => {
      const user = await ctx.users.findOrCreateByEmail(values.email!);
      if (user.created) await ctx.workspaces.create(user.id, { name: "My workspace" });
      const created = await ctx.users.createToken(user.id, values.name ?? "cli");
      process.stdout.write(
        `${user.created ? "Created user" : "User"} ${user.email}; token id ${created.id} (shown once):\n${created.token}\n`,
      );
    });
  } else if (sub === "list") {
    await withStore(async (ctx) => {
      const tokens = await ctx.users.listTokens();
      if (tokens.length === 0) process.stdout.write("No tokens.\n");
      else process.stdout.write("ID\tE-MAIL\tNAME\tCREATED\tSTATUS\n");
      for (const t of tokens)
        process.stdout.write(
          `${t.id}\t${t.email}\t${t.name}\t${t.createdAt}\t${t.revokedAt ? `revoked ${t.revokedAt}` : "active"}\n`,
        );
    });
  } else if (sub === "revoke") {
    const id = rest[0];
    if (!id) throw new UsageError("token revoke needs a token id (see: parley token list)");
    await withStore(async (ctx) => {
      // A wrong id is not a wrong command: one line, not the whole usage.
      if (!(await ctx.users.revokeToken(id))) throw new Error(`No active token with id ${id} (see: parley token list)`);
      process.stdout.write(`Revoked token ${id}\n`);
    });
  } else throw new UsageError(`Unknown token command "${sub ?? ""}"`);
}

/** One line of standard input: piped (`echo "$PASSWORD" | parley user create …`) or typed. */
async function readPasswordLine(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password (shown as you type): ");
  process.stdin.setEncoding("utf8");
  let text = "";
  for await (const chunk of process.stdin) {
    text += chunk;
    if (text.includes("\n")) break;
  }
  return text.split("\n")[0].replace(/\r$/, "");
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

async function user(args: string[]) {
  const [sub, ...rest] = args;
  if (sub !== "create" && sub !== "setup-link") throw new UsageError(`Unknown user command "${sub ?? ""}"`);
  const { values } = parseArgs({ args: rest, options: { email: { type: "string" } } });
  const email = values.email;
  if (!email || !EMAIL_PATTERN.test(email)) throw new UsageError(`user ${sub} needs --email <address>`);
  if (sub === "create") {
    const password = await readPasswordLine();
    if (password.length < PASSWORD_MIN_LENGTH)
      throw new Error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long; nothing was changed`);
    if (password.length > PASSWORD_MAX_LENGTH)
      throw new Error(`The password must be at most ${PASSWORD_MAX_LENGTH} characters long; nothing was changed`);
    await withStore(async (ctx) => {
      const found = await ctx.users.findOrCreateByEmail(email);
      if (found.created) await ctx.workspaces.create(found.id, { name: "My workspace" });
      await setPassword(ctx, found.id, password);
      const done = found.created
        ? `Created user ${found.email} with the workspace "My workspace"`
        : `Changed the password of ${found.email}`;
      process.stdout.write(`${done}. Sign in at ${ctx.config.publicUrl}/login\n`);
    });
  } else {
    await withStore(async (ctx) => {
      const found = await ctx.users.findByEmail(email);
      if (!found)
        throw new Error(`No user with the e-mail ${email} (create one with: parley user create --email ${email})`);
      const token = await createSetupToken(ctx, found.id);
      process.stdout.write(
        `Set the password of ${found.email} with this link (works once, for 24 hours):\n${setupLink(ctx.config.publicUrl, token)}\n`,
      );
    });
  }
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  // Every command answers --help (before it would read a file, open the database or start a server).
  const help = command && (args.includes("--help") || args.includes("-h")) ? commandUsage(command) : undefined;
  if (help) {
    process.stdout.write(help);
    return;
  }
  if (command === "start") return start();
  if (command === "token") return token(args);
  if (command === "user") return user(args);
  if (command === "test")
    return testCommand(args, (message) => {
      throw new UsageError(message);
    });
  if (command === "openapi") {
    const ctx = {} as AppContext; // route definitions only capture it in their handlers
    process.stdout.write(
      `${JSON.stringify(buildOpenApiDocument(documentedRoutes(apiRoutes(ctx)), PARLEY_VERSION), null, 2)}\n`,
    );
    return;
  }
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(usage);
    return;
  }
  throw new UsageError(`Unknown command "${command}"`);
}

// Output piped into a reader that stops early (`parley token list | head`) ends quietly.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError) {
    process.stderr.write(`parley: ${error.message}\n\n${error instanceof UsageError ? usage : ""}`);
    process.exit(2);
  }
  process.stderr.write(`parley: ${(error as Error).message ?? error}\n`);
  process.exit(1);
});
