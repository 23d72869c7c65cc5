import { z } from 'zod';
import { idFilterSchema } from './api.js';
import { MACHINE_STATES, type MachineState } from './box/live.js';

export { CUSTOM_MAP_PATH, GIS_PATH } from './gis-paths.js';

/** A point on the map: [longitude, latitude]. */
export type LngLat = [number, number];
export const lngLatSchema = z.tuple([z.number(), z.number()]);

/** `GET /tools/custom_map`: customers per province (short names as the map has them: 广东, 内蒙古) and their centres. */
export const customMapSchema = z.object({
  data: z.array(z.object({ name: z.string(), value: z.number().int() })),
  geo: z.record(z.string(), lngLatSchema),
});
export type CustomMap = z.infer<typeof customMapSchema>;

/**
 * A box's state on the map: 离线 when the box is offline; else 报警 when one of its machine tools alarms, 运行
 * when one runs, else 空闲. The same words and titles as a machine tool's state (MACHINE_STATE_TITLES).
 */
export const GIS_STATES = MACHINE_STATES;
export type GisState = MachineState;

export const gisQuerySchema = z.object({
  /** That customer and those below it, within the caller's own scope. */
  customer_id: idFilterSchema.optional(),
  goods_id: idFilterSchema.optional(),
  state: z.enum(GIS_STATES, { error: '状态只能是 running、idle、alarm 或 offline' }).optional(),
});
export type GisQuery = z.infer<typeof gisQuerySchema>;

/** One box on the map, as a compact array: [device id, longitude, latitude, state]. */
export type GisPoint = [number, number, number, GisState];
export const gisPointSchema = z.tuple([z.number().int(), z.number(), z.number(), z.enum(GIS_STATES)]);

/**
 * `GET /device/gis`: the boxes that match, placed by their address's coordinates or else their region's centre;
 * `total` counts every match, `unplaced` those with neither (not in `points`).
 */
export const gisBoxesSchema = z.object({
  points: z.array(gisPointSchema),
  total: z.number().int(),
  unplaced: z.number().int(),
});
export type GisBoxes = z.infer<typeof gisBoxesSchema>;
