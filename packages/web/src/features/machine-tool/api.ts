import { DEVICE_PATH, type Device } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../components/ResourceTable/api';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';

/** The box whose machine tools are listed (GET /device/device/{id}), cached as the device list's detail is. */
export function useBox(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKey(DEVICE_PATH), 'detail', id],
    queryFn: () => resourceApi<Device>(DEVICE_PATH).get(id),
    enabled,
  });
}
