import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.js";
import type { AppContext } from "../services/context.js";
import type { Caller } from "../store/users-repository.js";

/**
 * Resolves `Authorization: Bearer <token>`. No header → anonymous (undefined); a header that is
 * malformed or names an unknown or revoked token → 401, so a mistyped token is never silently ignored.
 */
export function createAuthenticate(ctx: AppContext) {
  return async function authenticate(request: FastifyRequest): Promise<Caller | undefined> {
    const header = request.headers.authorization;
    if (header === undefined) return undefined;
    const match = /^Bearer ([A-Za-z0-9_\-.~+/=]{1,512})$/.exec(header.trim());
    if (!match) throw new AppError("UNAUTHORIZED", "Authorization header must be \"Bearer <token>\"");
    const caller = await ctx.users.authenticate(match[1]);
    if (!caller) throw new AppError("UNAUTHORIZED", "Unknown or revoked API token");
    return caller;
  };
}
