import { fireEvent } from '@testing-library/react';
import type { EChartsType } from 'echarts/core';
import { afterAll, beforeAll, vi } from 'vitest';

const sized = ['clientWidth', 'clientHeight'] as const;

/**
 * Lets ECharts draw under jsdom for the tests of this file: jsdom lays nothing out and has no canvas, so every box
 * gets a size (ECharts reads clientWidth/clientHeight) and getContext answers null quietly (ECharts then measures
 * text by its own estimate instead of logging "not implemented").
 */
export function drawableCharts(width = 600, height = 300): void {
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterAll(() => {
    for (const key of sized) delete (HTMLElement.prototype as Partial<Record<(typeof sized)[number], number>>)[key];
    vi.restoreAllMocks();
  });
}

/** A real click on a pixel of a chart: pressed and released on the same spot of its surface. */
export function clickChartAt(chart: EChartsType, [x, y]: number[]): void {
  const surface = chart.getDom().querySelector('svg')!;
  fireEvent.mouseDown(surface, { clientX: x, clientY: y });
  fireEvent.mouseUp(surface, { clientX: x, clientY: y });
  fireEvent.click(surface, { clientX: x, clientY: y });
}
