/** The form an e-mail address is stored and compared in: sign-in, throttling and lookups agree on it. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
