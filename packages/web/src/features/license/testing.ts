import { LICENSE_PATH, type License } from '@gw/contracts';

export const P = LICENSE_PATH;

/** A licence as the API answers it. */
export function licence(overrides: Partial<License> = {}): License {
  return {
    id: 1, device_id: 1, gateway_id: 'GW-001', finger_print: 'fp-aa01', type: 'business',
    nbf: '2026-01-01T00:00:00Z', exp: '2099-12-11T16:00:00Z', iat: '2026-01-01T00:00:00Z', jti: 'lic-1', vpn: true,
    count: [{ model: 'fanuc', count: 2 }, { model: 'all', count: 5 }], certificate: 'eyJhbGciOiJFZERTQSJ9.cert-1.sig', remark: '首批',
    issuer: 1, revoked_at: null, revoke_reason: '', created_at: '2026-01-01T00:00:00Z', state: 'valid',
    ...overrides,
  };
}

/** One licence in each state. */
export const licences: License[] = [
  licence(),
  licence({ id: 2, gateway_id: 'GW-002', finger_print: 'fp-bb02', type: 'temp', state: 'expiring', vpn: false, count: [{ model: 'gsk', count: 1 }] }),
  licence({ id: 3, gateway_id: 'GW-003', finger_print: 'fp-cc03', state: 'expired' }),
  licence({ id: 4, gateway_id: 'GW-004', finger_print: 'fp-dd04', state: 'revoked', revoked_at: '2026-02-01T00:00:00Z', revoke_reason: '设备丢失' }),
];
