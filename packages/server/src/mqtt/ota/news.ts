import type { RolloutItemState, RolloutState } from '@gw/contracts';
import type { LiveBus } from '../../live/bus.js';

/** How long one rollout's box changes are gathered into one event. */
export const ROLLOUT_NEWS_MS = 250;

interface Gathered {
  /** The last state of each box that changed in the window. */
  boxes: Map<number, RolloutItemState>;
  rolloutState: RolloutState;
}

/**
 * Rollout events for the console's tabs. A rollout's own change goes out at once; its boxes' changes are
 * gathered for ROLLOUT_NEWS_MS: one box's change is told as that box, several as one event for the rollout
 * (device_id null), so a thousand boxes reporting at once make a few events a second, not a thousand.
 */
export class RolloutNews {
  private readonly gathered = new Map<number, Gathered>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly live: LiveBus,
    private readonly now: () => Date,
    private readonly windowMs = ROLLOUT_NEWS_MS,
  ) {}

  rollout(rolloutId: number, state: RolloutState): void {
    this.live.publish({ type: 'rollout', rollout_id: rolloutId, device_id: null, state, at: this.now().toISOString() });
  }

  box(rolloutId: number, deviceId: number, state: RolloutItemState, rolloutState: RolloutState): void {
    const entry = this.gathered.get(rolloutId) ?? { boxes: new Map<number, RolloutItemState>(), rolloutState };
    entry.boxes.set(deviceId, state);
    entry.rolloutState = rolloutState;
    this.gathered.set(rolloutId, entry);
    this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  /** Tells what is gathered now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const at = this.now().toISOString();
    for (const [rolloutId, { boxes, rolloutState }] of this.gathered) {
      const [only] = boxes.size === 1 ? boxes : [];
      this.live.publish(
        only
          ? { type: 'rollout', rollout_id: rolloutId, device_id: only[0], state: only[1], at }
          : { type: 'rollout', rollout_id: rolloutId, device_id: null, state: rolloutState, at },
      );
    }
    this.gathered.clear();
  }
}
