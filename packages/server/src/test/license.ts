import { LICENSE_PATH, type License, type LicenseCount } from '@gw/contracts';
import type { TestApp } from './harness.js';

/**
 * Issues a box a licence through the API as the vendor's staff would (a business licence in force until 2099
 * unless `nbf` / `exp` say otherwise), so its machine tools may be enabled up to `count`.
 */
export async function licenseBox(
  t: TestApp,
  adminToken: string,
  deviceId: number,
  count: LicenseCount[],
  more: { nbf?: string; exp?: string } = {},
): Promise<License> {
  const body = { device_id: deviceId, finger_print: `fp-test-${deviceId}`, type: 'business', vpn: false, count, ...more };
  const res = await t.api('POST', LICENSE_PATH, { token: adminToken, body });
  if (res.json().code !== 200) throw new Error(`licence for box ${deviceId}: ${res.body}`);
  return res.json().data as License;
}
