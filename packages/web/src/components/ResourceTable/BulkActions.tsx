import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../FormDialog';
import { useResourceListContext } from './context';
import type { BulkAction } from './listTypes';
import { RT } from './messages';

/** One bulk action's button: runs at once, after a confirmation, or after its form; off while nothing is selected. */
function BulkActionButton({ action }: { action: BulkAction }) {
  const list = useResourceListContext();
  const ids = list.selectedIds;
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const send = (body?: object) => list.runBulk(action.name ?? action.key, ids, body);
  const run = () => {
    setBusy(true);
    // a failed request has been explained by the request client
    Promise.resolve(action.onClick ? action.onClick(ids, list) : send())
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const button = (
    <Button icon={action.icon} danger={action.danger} loading={busy} disabled={!ids.length} onClick={action.form ? () => setAsking(true) : action.confirm ? undefined : run}>
      {action.label}
    </Button>
  );
  if (action.form) {
    const Fields = action.form;
    return (
      <>
        {button}
        <FormDialog<Record<string, unknown>>
          title={typeof action.label === 'string' ? action.label : action.key}
          open={asking}
          onClose={() => setAsking(false)}
          onSubmit={async (values) => void (await send(values))}
        >
          {(form) => <Fields form={form} ids={ids} />}
        </FormDialog>
      </>
    );
  }
  if (!action.confirm) return button;
  const question = typeof action.confirm === 'function' ? action.confirm(ids.length) : action.confirm;
  return (
    <Popconfirm title={question} okText={RT.ok} cancelText={RT.cancel} disabled={!ids.length} onConfirm={run}>
      {button}
    </Popconfirm>
  );
}

/** The bulk actions of the list around it that the user may use. */
export function BulkActions() {
  const list = useResourceListContext();
  return list.bulkActions.map((action) => <BulkActionButton key={action.key} action={action} />);
}
