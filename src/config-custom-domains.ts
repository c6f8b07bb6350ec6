import { ConfigError, hostList } from "./config-values.js";

/** Bots' custom domains (docs/security.md "Custom domains"). */
export type CustomDomainsConfig = {
  /** PARLEY_CUSTOM_DOMAINS_ALLOWED: host names the operator lets bots serve without the HTTP challenge. */
  allowed: string[];
  /** PARLEY_CUSTOM_DOMAIN_HOSTS: more host names this instance answers on (besides PUBLIC_URL's): never claimable. */
  ownHosts: string[];
  /**
   * PARLEY_CUSTOM_DOMAIN_CHALLENGE_ADDRESS (`address:port`): where the challenge is fetched instead of
   * the domain's own address on port 80 (a test's listener; still subject to PARLEY_HTTP_ALLOWED_HOSTS).
   */
  challengeAddress: { address: string; port: number } | undefined;
};

export function loadCustomDomainsConfig(env: NodeJS.ProcessEnv): CustomDomainsConfig {
  const address = env.PARLEY_CUSTOM_DOMAIN_CHALLENGE_ADDRESS?.trim();
  let challengeAddress: CustomDomainsConfig["challengeAddress"];
  if (address) {
    const match = /^(.+):(\d{1,5})$/.exec(address);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535)
      throw new ConfigError(`PARLEY_CUSTOM_DOMAIN_CHALLENGE_ADDRESS must be address:port, got "${address}"`);
    challengeAddress = { address: match[1].replace(/^\[|\]$/g, ""), port: Number(match[2]) };
  }
  return {
    allowed: hostList(env.PARLEY_CUSTOM_DOMAINS_ALLOWED),
    ownHosts: hostList(env.PARLEY_CUSTOM_DOMAIN_HOSTS),
    challengeAddress,
  };
}
