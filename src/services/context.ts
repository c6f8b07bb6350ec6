import type { Config } from "../config.js";
import type { Store } from "../store/connect.js";
import { BotsRepository } from "../store/bots-repository.js";
import { UsersRepository } from "../store/users-repository.js";
import { WorkspacesRepository } from "../store/workspaces-repository.js";

/** What a use case needs: repositories over one store, and the configuration. */
export type AppContext = {
  config: Config;
  store: Store;
  users: UsersRepository;
  workspaces: WorkspacesRepository;
  bots: BotsRepository;
};

export function createContext(config: Config, store: Store): AppContext {
  return {
    config,
    store,
    users: new UsersRepository(store.db),
    workspaces: new WorkspacesRepository(store.db),
    bots: new BotsRepository(store.db),
  };
}
