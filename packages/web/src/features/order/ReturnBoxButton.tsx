import { DEVICE_PATH, SELL_ORDER_PATH, deviceMoveSchema } from '@gw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { resourceKey } from '../../components/ResourceTable/useResourceTable';
import { zodRule } from '../../utils/form';
import { toast } from '../../utils/notify';
import { findBox, returnBox } from './api';
import { M } from './messages';

/** 退货 of one shipped box, by its serial, with a remark: it goes back to stock and the ledger says so. */
export function ReturnBoxButton({ serial }: { serial: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const submit = async ({ remark }: { remark?: string }) => {
    setBusy(true);
    try {
      const box = await findBox(serial);
      if (!box) {
        toast.error(M.boxNotFound(serial));
        throw new Error(M.boxNotFound(serial));
      }
      toast.success((await returnBox(box.id, remark ?? '')) || M.returnBox);
      await Promise.all([client.invalidateQueries({ queryKey: resourceKey(DEVICE_PATH) }), client.invalidateQueries({ queryKey: resourceKey(SELL_ORDER_PATH) })]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="link" size="small" danger onClick={() => setOpen(true)}>
        {M.returnBox}
      </Button>
      {/* drawn only while asked: a confirmed order lists many serials, each with this button */}
      {open && (
        <FormDialog<{ remark?: string }> title={M.returnTitle(serial)} open onClose={() => setOpen(false)} onSubmit={submit} submitting={busy}>
          {/* its own id: the order form, drawn hidden on the same page, has a remark field too */}
          <Form.Item name="remark" label={M.remark} htmlFor="return_remark" rules={[zodRule(deviceMoveSchema.shape.remark)]}>
            <Input.TextArea id="return_remark" rows={3} maxLength={200} />
          </Form.Item>
        </FormDialog>
      )}
    </>
  );
}
