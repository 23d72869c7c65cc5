import { z } from 'zod';

/** Built-in config keys the console reads. */
export const CONFIG_KEY = {
  siteTitle: 'site_title',
  downloads: 'downloads',
  amapKey: 'amap_key',
  vpnPool: 'vpn_pool',
  machinePool: 'machine_pool',
  oeeShifts: 'oee_shifts',
  oeeIdealCycle: 'oee_ideal_cycle_s',
} as const;

/** One entry of the dashboard's 下载专区, published by administrators through the `downloads` config item. */
export const downloadItemSchema = z.object({
  title: z.string().min(1),
  url: z.string().min(1),
  description: z.string().optional(),
});
export type DownloadItem = z.infer<typeof downloadItemSchema>;
