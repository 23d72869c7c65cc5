import type { LiveEvent, LiveEventType } from '@gw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../utils/live';
import type { ListPage } from './api';
import type { Id } from './types';

/**
 * How a list follows the live channel: which events touch its rows, which row an event is about (its row key),
 * and what changes in it. Rows not on screen are left alone; the next fetch brings them.
 *
 * @example
 * const live: LiveRows<Device, 'presence'> = { types: ['presence'], rowOf: (e) => e.device_id, patch: (e) => ({ online: e.online }) };
 */
export interface LiveRows<T, E extends LiveEventType = LiveEventType> {
  types: readonly E[];
  // methods, so a page's LiveRows<Device, 'presence'> is a LiveRows<Device>: the kit hands each only its types
  rowOf(event: Extract<LiveEvent, { type: E }>): Id | undefined;
  patch(event: Extract<LiveEvent, { type: E }>, row: T): Partial<T>;
}

/** Patches the cached pages of `resource`'s list in place as the live events of `live` arrive. */
export function useLiveRows<T extends object>(resource: string, rowKey: string, live: LiveRows<T> | undefined): void {
  const client = useQueryClient();
  useLiveEvent(live?.types ?? [], (event) => {
    if (!live) return;
    const id = live.rowOf(event);
    if (id === undefined) return;
    // the list pages' keys (useResourceTable): ['resource', path, 'list', params]
    client.setQueriesData<ListPage<T>>({ queryKey: ['resource', resource, 'list'] }, (page) => {
      if (!page?.rows.some((row) => (row as Record<string, unknown>)[rowKey] === id)) return page;
      const rows = page.rows.map((row) => ((row as Record<string, unknown>)[rowKey] === id ? { ...row, ...live.patch(event, row) } : row));
      return { ...page, rows };
    });
  });
}
