/** A short blip heals by itself; only a drop longer than this restarts ICE. */
export const RESTART_AFTER_MS = 2000;
/** A restart that has not connected by then is tried again (the network may have come back since). */
export const RETRY_AFTER_MS = 8000;

export type RecoveryOptions = {
  /** Only the side that makes offers restarts; the other shows "Reconnecting…" and answers. */
  canRestart: boolean;
  restart: () => void;
  onReconnecting: (reconnecting: boolean) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

/**
 * Watches one connection's `iceConnectionState`: `disconnected` for longer than 2 s, or `failed`,
 * restarts ICE and says "Reconnecting…" until it is `connected` again, retrying every 8 s.
 */
export class IceRecovery {
  private timer: unknown = null;
  private reconnecting = false;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly opts: RecoveryOptions) {
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  }

  update(state: RTCIceConnectionState): void {
    if (state === 'connected' || state === 'completed' || state === 'closed') {
      this.cancel();
      this.setReconnecting(false);
    } else if (state === 'disconnected') {
      if (this.timer === null) this.timer = this.setTimer(() => this.attempt(), RESTART_AFTER_MS);
    } else if (state === 'failed') {
      // During a restart its own retry timer paces the attempts; a fresh failure restarts now.
      if (!this.reconnecting) this.attempt();
    }
    // new / checking: a restart under way, or the first connection; nothing to do.
  }

  stop(): void {
    this.cancel();
  }

  private attempt(): void {
    this.cancel();
    this.setReconnecting(true);
    if (this.opts.canRestart) this.opts.restart();
    this.timer = this.setTimer(() => this.attempt(), RETRY_AFTER_MS);
  }

  private cancel(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private setReconnecting(on: boolean): void {
    if (on === this.reconnecting) return;
    this.reconnecting = on;
    this.opts.onReconnecting(on);
  }
}
