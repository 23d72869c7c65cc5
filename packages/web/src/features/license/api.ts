import { LICENSE_PATH, type LicenseVerdictAnswer } from '@gw/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../utils/request';

/** POST /system/license/verify: whether a certificate holds, why not, and what it claims. */
export function useVerifyCertificate() {
  return useMutation({
    mutationFn: async (certificate: string) =>
      (await request<LicenseVerdictAnswer>({ url: `${LICENSE_PATH}/verify`, method: 'POST', data: { certificate } })).data,
  });
}
