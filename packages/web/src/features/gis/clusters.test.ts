import type { GisPoint } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import { clusterPoints } from './clusters';

describe('clusterPoints', () => {
  it('groups boxes by grid cell, with their mean position, counts per state and the most urgent state', () => {
    const points: GisPoint[] = [
      [1, 113.1, 23.1, 'idle'],
      [2, 113.3, 23.3, 'alarm'],
      [3, 113.2, 23.2, 'running'],
      [4, 120.1, 30.1, 'offline'],
    ];
    const clusters = clusterPoints(points, 1.5).sort((a, b) => b.count - a.count);
    expect(clusters).toHaveLength(2);
    expect(clusters[0]).toMatchObject({ count: 3, worst: 'alarm', states: { running: 1, idle: 1, alarm: 1, offline: 0 } });
    expect(clusters[0].lng).toBeCloseTo(113.2);
    expect(clusters[0].lat).toBeCloseTo(23.2);
    expect(clusters[1]).toMatchObject({ count: 1, worst: 'offline', lng: 120.1, lat: 30.1 });
  });
});
