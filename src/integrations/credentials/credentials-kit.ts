import type { Config } from "../../config.js";
import type { Store } from "../../store/connect.js";
import { CredentialsRepository } from "../../store/credentials-repository.js";
import { CredentialsCipher } from "./credentials-cipher.js";
import { CredentialsVault } from "./credentials-vault.js";
import { loadEncryptionKey } from "./encryption-key.js";

export type CredentialsKit = { repository: CredentialsRepository; cipher: CredentialsCipher; vault: CredentialsVault };

const kits = new WeakMap<Store, CredentialsKit>();

/** One repository, cipher and vault per store: the key is read (or created) once. */
export function credentialsKit(config: Config, store: Store): CredentialsKit {
  let kit = kits.get(store);
  if (!kit) {
    const repository = new CredentialsRepository(store.db);
    const cipher = new CredentialsCipher(
      loadEncryptionKey({ secret: config.encryptionSecret, dataDir: config.dataDir }),
    );
    kit = { repository, cipher, vault: new CredentialsVault(repository, cipher) };
    kits.set(store, kit);
  }
  return kit;
}
