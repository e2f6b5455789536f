/**
 * The client workspace status machine (contract "States and transitions" +
 * docs/decisions/012-workspace-status-and-monthly-renewal.md): pure, no I/O.
 */
export type WorkspaceStatus = "active" | "paused" | "suspended";
export type PauseMode = "hard" | "soft";

export interface WorkspaceState {
  status: WorkspaceStatus;
  pauseMode: PauseMode | null;
}

export type StatusAction = { type: "pause"; mode: PauseMode } | { type: "suspend" } | { type: "resume" };

export type TransitionResult =
  | { ok: true; next: WorkspaceState; changed: boolean; /** paused_at is (re)stamped */ stampPausedAt: boolean }
  | { ok: false; reason: string };

export function transition(state: WorkspaceState, action: StatusAction): TransitionResult {
  const same = (next: WorkspaceState) => next.status === state.status && next.pauseMode === state.pauseMode;
  switch (action.type) {
    case "pause": {
      if (state.status === "suspended") return { ok: false, reason: "A suspended workspace cannot be paused; resume it first." };
      const next: WorkspaceState = { status: "paused", pauseMode: action.mode };
      return { ok: true, next, changed: !same(next), stampPausedAt: state.status === "active" };
    }
    case "suspend": {
      const next: WorkspaceState = { status: "suspended", pauseMode: null };
      // paused_at keeps the moment the workspace stopped serving when a pause becomes a suspension.
      return { ok: true, next, changed: !same(next), stampPausedAt: state.status === "active" };
    }
    case "resume": {
      const next: WorkspaceState = { status: "active", pauseMode: null };
      return { ok: true, next, changed: !same(next), stampPausedAt: false };
    }
  }
}
