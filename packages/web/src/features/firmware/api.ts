import { type FirmwareFile, ROLLOUT_PATH, type Rollout, type RolloutCreate, type RolloutDetail, VERSION_FILE_PATH, VERSION_PATH } from '@gw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RT } from '../../components/ResourceTable/messages';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { toast } from '../../utils/notify';
import { request } from '../../utils/request';
import { M } from './messages';

/** A firmware file of a few hundred MB takes longer than the usual 50 s to post. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** POST /system/version/file: stores the file; the server answers its id, size and SHA-256. */
export async function uploadFirmware(file: File): Promise<FirmwareFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await request<FirmwareFile>({ url: VERSION_FILE_PATH, method: 'POST', data: form, timeout: UPLOAD_TIMEOUT_MS })).data;
}

/** GET /system/rollout/{id}: the rollout and its boxes, under the key its list's changes refresh. */
export function useRolloutDetail(id: number) {
  return useQuery({
    queryKey: [...resourceKey(ROLLOUT_PATH), 'detail', id],
    queryFn: async () => (await request<RolloutDetail>({ url: `${ROLLOUT_PATH}/${id}` })).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** POST /system/rollout; the rollouts (and the versions' pages) refresh. */
export function useCreateRollout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RolloutCreate) => (await request<Rollout>({ url: ROLLOUT_PATH, method: 'POST', data: body })).data,
    onSuccess: async () => {
      toast.success(M.created);
      await Promise.all([client.invalidateQueries({ queryKey: resourceKey(ROLLOUT_PATH) }), client.invalidateQueries({ queryKey: resourceKey(VERSION_PATH) })]);
    },
  });
}

export type RolloutStep = 'pause' | 'resume' | 'cancel' | 'retry';

/** POST /system/rollout/{id}/{step}: says the server's message and refreshes the rollout. */
export function useSteerRollout(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: RolloutStep) => request<unknown>({ url: `${ROLLOUT_PATH}/${id}/${step}`, method: 'POST' }),
    onSuccess: async (res) => {
      toast.success(res.message || RT.done);
      await client.invalidateQueries({ queryKey: resourceKey(ROLLOUT_PATH) });
    },
  });
}
