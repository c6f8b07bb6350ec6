const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A random id shaped like the server's (a letter, then 23 lowercase letters and digits). */
export function createId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let id = ALPHABET[bytes[0] % 26];
  for (let index = 1; index < 24; index++) id += ALPHABET[bytes[index] % 36];
  return id;
}
