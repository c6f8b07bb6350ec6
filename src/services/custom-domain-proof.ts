import { AppError, notFound } from "../errors.js";
import { addressGuard } from "../integrations/create-integration-ports.js";
import { guardedRequest, RequestRefusedError, type AddressGuard } from "../integrations/http/guarded-request.js";
import { readBody } from "../integrations/http/read-body.js";
import { nowIso } from "../lib/ids.js";
import type { BotRow } from "../store/database.js";
import type { Caller } from "../store/users-repository.js";
import { requireBot } from "./bots.js";
import type { AppContext } from "./context.js";
import { CHALLENGE_PATH, customDomainHost, isOperatorAllowed, isOwnHost, newChallengeToken } from "./custom-domains.js";

/** How long the domain has to answer, and how much of its answer is read (a token is 32 characters). */
const CHALLENGE_TIMEOUT_MS = 5_000;
const CHALLENGE_MAX_BYTES = 1_024;

export type CustomDomainStatus = {
  domain: string | null;
  /** What the domain must answer before it is served: the token as the whole body of the URL. */
  challenge: { url: string; token: string } | null;
  verifiedAt: string | null;
  /** Served without the challenge: the operator listed the host in PARLEY_CUSTOM_DOMAINS_ALLOWED. */
  allowedByOperator: boolean;
  isServed: boolean;
};

function status(ctx: AppContext, bot: Pick<BotRow, "customDomain" | "customDomainToken" | "customDomainVerifiedAt">) {
  const domain = bot.customDomain;
  if (!domain || !bot.customDomainToken)
    return { domain: null, challenge: null, verifiedAt: null, allowedByOperator: false, isServed: false };
  const host = customDomainHost(domain);
  const allowedByOperator = isOperatorAllowed(ctx.config, host);
  return {
    domain,
    challenge: { url: `http://${host}${CHALLENGE_PATH}${bot.customDomainToken}`, token: bot.customDomainToken },
    verifiedAt: bot.customDomainVerifiedAt,
    allowedByOperator,
    isServed: !isOwnHost(ctx.config, host) && (bot.customDomainVerifiedAt !== null || allowedByOperator),
  } satisfies CustomDomainStatus;
}

/** The bot's custom domain and its challenge; a domain claimed before challenges existed gets its token now. */
export async function customDomainStatus(ctx: AppContext, caller: Caller, botId: string): Promise<CustomDomainStatus> {
  const bot = await requireBot(ctx, caller, botId);
  if (bot.customDomain && !bot.customDomainToken) {
    const customDomainToken = newChallengeToken();
    await ctx.bots.update(botId, { customDomainToken, customDomainVerifiedAt: null });
    return status(ctx, { ...bot, customDomainToken, customDomainVerifiedAt: null });
  }
  return status(ctx, bot);
}

/**
 * Fetches the challenge URL (through the SSRF-guarded client, so a claim cannot make Parley probe its
 * own network) and, when the domain answers the token, marks the claim proven. Parley itself never
 * serves challenge tokens: a host that reaches this instance proves nothing by reaching it.
 */
export async function verifyCustomDomain(ctx: AppContext, caller: Caller, botId: string): Promise<CustomDomainStatus> {
  const current = await customDomainStatus(ctx, caller, botId);
  if (!current.domain || !current.challenge) throw notFound("This bot has no custom domain");
  const host = customDomainHost(current.domain);
  if (isOwnHost(ctx.config, host))
    throw new AppError("CUSTOM_DOMAIN_NOT_ALLOWED", `${host} is a name this Parley instance answers on itself`);
  const answer = await fetchChallenge(ctx, host, current.challenge.token);
  if (answer !== current.challenge.token)
    throw new AppError(
      "DOMAIN_CHALLENGE_FAILED",
      `${current.challenge.url} did not answer with the token (${answer === undefined ? "no 200 answer" : "another body"})`,
    );
  const verifiedAt = nowIso();
  await ctx.bots.update(botId, { customDomainVerifiedAt: verifiedAt });
  ctx.customDomains.clear();
  return { ...current, verifiedAt, isServed: true };
}

async function fetchChallenge(ctx: AppContext, host: string, token: string): Promise<string | undefined> {
  const override = ctx.config.customDomains.challengeAddress;
  const guard: AddressGuard = {
    ...addressGuard(ctx.config),
    ...(override
      ? { resolve: async () => [{ address: override.address, family: override.address.includes(":") ? 6 : 4 }] }
      : {}),
  };
  const url = `http://${host}${override ? `:${override.port}` : ""}${CHALLENGE_PATH}${token}`;
  try {
    const response = await guardedRequest(
      { url, method: "GET", headers: { accept: "text/plain" }, signal: AbortSignal.timeout(CHALLENGE_TIMEOUT_MS) },
      guard,
    );
    if (response.statusCode !== 200) {
      response.resume();
      return undefined;
    }
    return (await readBody(response, CHALLENGE_MAX_BYTES)).trim();
  } catch (error) {
    if (error instanceof RequestRefusedError)
      throw new AppError("DOMAIN_CHALLENGE_FAILED", `${host} is not allowed: it points at a private address`);
    throw new AppError("DOMAIN_CHALLENGE_FAILED", `${host} could not be reached on port 80`);
  }
}
