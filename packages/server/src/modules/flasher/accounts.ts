import type { BoxAccounts } from '../../mqtt/external/accounts.js';

/** Account writes to the broker at a time. */
const PARALLEL = 16;

/**
 * An external broker's own box accounts (Mosquitto dynamic security) kept in step with provisioning batches. The
 * secrets exist only while the download runs, so the accounts are made then, and disabled until the batch is
 * confirmed; a batch deleted removes them. Each runs after the commit, in the background (the broker may be
 * slow with thousands); a confirm waits for its batch's download sync this node still runs. Failures are logged
 * by the accounts themselves; resetting a box's secret syncs it again.
 */
export function flasherAccounts(accounts: () => BoxAccounts | undefined) {
  const syncing = new Map<number, Promise<void>>();
  const track = (batchId: number, work: Promise<void>) => {
    syncing.set(batchId, work);
    void work.finally(() => syncing.get(batchId) === work && syncing.delete(batchId));
    return work;
  };

  return {
    downloaded(batchId: number, items: { gateway_id: string; secret: string }[]): Promise<void> {
      const target = accounts();
      if (!target || !items.length) return Promise.resolve();
      return track(
        batchId,
        (async () => {
          let next = 0;
          const worker = async () => {
            while (next < items.length) {
              const item = items[next++];
              await target.upsert(item.gateway_id, item.secret);
            }
          };
          await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
          await target.setEnabled(
            items.map((i) => i.gateway_id),
            false,
          );
        })(),
      );
    },
    async confirmed(batchId: number, gatewayIds: string[]): Promise<void> {
      const target = accounts();
      if (!target || !gatewayIds.length) return;
      await syncing.get(batchId);
      await track(batchId, target.setEnabled(gatewayIds, true));
    },
    async deleted(batchId: number, gatewayIds: string[]): Promise<void> {
      const target = accounts();
      if (!target || !gatewayIds.length) return;
      await syncing.get(batchId);
      await target.remove(gatewayIds);
    },
  };
}

export type FlasherAccounts = ReturnType<typeof flasherAccounts>;
