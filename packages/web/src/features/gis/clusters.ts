import { type GisPoint, MACHINE_STATES, type MachineState } from '@gw/contracts';

/** Boxes near each other, drawn as one bubble while the whole country shows. */
export interface Cluster {
  /** The mean position of its boxes. */
  lng: number;
  lat: number;
  count: number;
  /** How many of its boxes are in each state. */
  states: Record<MachineState, number>;
  /** The most urgent state among them: 报警, then 运行, 空闲, 离线 (a bubble turns red when one box alarms). */
  worst: MachineState;
}

const URGENCY: readonly MachineState[] = ['alarm', 'running', 'idle', 'offline'];

/**
 * The boxes grouped by a grid of `cell` degrees, one pass: 10,000 points become a few hundred bubbles, which a
 * browser zooms and pans smoothly where it would redraw every point on every frame.
 */
export function clusterPoints(points: readonly GisPoint[], cell: number): Cluster[] {
  const cells = new Map<string, { lng: number; lat: number; count: number; states: Record<MachineState, number> }>();
  for (const [, lng, lat, state] of points) {
    const key = `${Math.floor(lng / cell)}:${Math.floor(lat / cell)}`;
    let at = cells.get(key);
    if (!at) cells.set(key, (at = { lng: 0, lat: 0, count: 0, states: Object.fromEntries(MACHINE_STATES.map((s) => [s, 0])) as Record<MachineState, number> }));
    at.lng += lng;
    at.lat += lat;
    at.count += 1;
    at.states[state] += 1;
  }
  return [...cells.values()].map(({ lng, lat, count, states }) => ({
    lng: lng / count,
    lat: lat / count,
    count,
    states,
    worst: URGENCY.find((state) => states[state] > 0) ?? 'offline',
  }));
}
