import type { LiveEvent } from '@gw/contracts';

export type LiveListener = (event: LiveEvent) => void;

/**
 * Events for the console's live channel. `publish` reaches every listener on every node (this one in
 * process; others through the cross-node transport when one is attached), `subscribe` hears them all.
 */
export interface LiveBus {
  publish(event: LiveEvent): void;
  subscribe(listener: LiveListener): () => void;
}

/** The in-process bus: one node (PGlite) or the local half of a cross-node one. */
export class LocalLiveBus implements LiveBus {
  private readonly listeners = new Set<LiveListener>();

  publish(event: LiveEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a listener's failure (a closed socket) is its own: the others still hear the event
      }
    }
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
