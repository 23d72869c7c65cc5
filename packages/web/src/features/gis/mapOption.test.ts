import type { GisPoint } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import { CLUSTER_BELOW_ZOOM, fitView } from './mapOption';

describe('fitView', () => {
  it('centres a single box close enough to draw it as a point', () => {
    const view = fitView([[1, 87.62, 43.83, 'running']]);
    expect(view).toEqual({ center: [87.62, 43.83], zoom: 8 });
    expect(view!.zoom).toBeGreaterThanOrEqual(CLUSTER_BELOW_ZOOM);
  });

  it('shows boxes far apart together, never further out than the whole country', () => {
    const points: GisPoint[] = [
      [1, 113.26, 23.13, 'running'],
      [2, 120.15, 30.27, 'idle'],
    ];
    const view = fitView(points)!;
    expect(view.center![0]).toBeCloseTo(116.705, 6);
    expect(view.center![1]).toBeCloseTo(26.7, 6);
    // 7.1° of latitude of the country's 36 shows at about 4×, with a margin
    expect(view.zoom).toBeCloseTo((0.8 * 36) / 7.14, 1);
    expect(fitView([...points, [3, 87.62, 43.83, 'alarm'], [4, 126.6, 45.8, 'offline']])!.zoom).toBeGreaterThanOrEqual(1);
    expect(fitView([])).toBeNull();
  });
});
