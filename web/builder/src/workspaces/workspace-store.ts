import { api } from "../lib/api";
import { createStore } from "../lib/store";
import type { Workspace } from "../lib/types";

type WorkspaceState = {
  status: "loading" | "ready" | "error";
  workspaces: Workspace[];
  currentId: string | undefined;
  error?: string;
};

const CURRENT_KEY = "parley.workspaceId";

export const workspaceStore = createStore<WorkspaceState>({ status: "loading", workspaces: [], currentId: undefined });

function pickCurrent(workspaces: Workspace[], wanted: string | undefined): string | undefined {
  if (wanted && workspaces.some((workspace) => workspace.id === wanted)) return wanted;
  return workspaces[0]?.id;
}

export async function loadWorkspaces(): Promise<void> {
  try {
    const { workspaces } = await api.call("listWorkspaces");
    const currentId = pickCurrent(workspaces, localStorage.getItem(CURRENT_KEY) ?? undefined);
    workspaceStore.set({ status: "ready", workspaces, currentId });
  } catch (error) {
    workspaceStore.set((state) => ({ ...state, status: "error", error: (error as Error).message }));
  }
}

export function switchWorkspace(id: string): void {
  localStorage.setItem(CURRENT_KEY, id);
  workspaceStore.set((state) => ({ ...state, currentId: id }));
}

export async function createWorkspace(name: string): Promise<Workspace> {
  const { workspace } = await api.call("createWorkspace", { body: { name } });
  workspaceStore.set((state) => ({ ...state, workspaces: [...state.workspaces, workspace] }));
  switchWorkspace(workspace.id);
  return workspace;
}

export async function renameWorkspace(id: string, name: string): Promise<void> {
  const { workspace } = await api.call("updateWorkspace", { params: { workspaceId: id }, body: { name } });
  workspaceStore.set((state) => ({
    ...state,
    workspaces: state.workspaces.map((entry) => (entry.id === id ? { ...entry, ...workspace } : entry)),
  }));
}

/** A workspace the editor opened through a bot: it becomes the current one. */
export function followWorkspace(id: string): void {
  localStorage.setItem(CURRENT_KEY, id);
  if (workspaceStore.get().workspaces.some((workspace) => workspace.id === id))
    workspaceStore.set((state) => ({ ...state, currentId: id }));
}
