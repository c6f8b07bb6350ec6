/** A count of a signed-in caller's costly actions per key (an account, a workspace); past it, a 429 is thrown. */
export type CallerQuota = { take(key: string): Promise<void> };
