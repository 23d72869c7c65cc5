import { Button, Popconfirm, Tooltip } from 'antd';
import { useContext, useState } from 'react';
import { FormDialog } from '../FormDialog';
import { ResourceListContext, type ResourceListValue } from './context';
import type { RowAction } from './listTypes';
import { RT } from './messages';

/** 删除 behind the confirmation; disabled with the reason as its tooltip when the row cannot go. */
export function DeleteButton({ onDelete, refused }: { onDelete: () => Promise<void>; refused?: string }) {
  if (refused) {
    return (
      // a disabled button takes no pointer events: the tooltip listens on a wrapper
      <Tooltip title={refused}>
        <span>
          <Button type="link" size="small" danger disabled>
            {RT.delete}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <Popconfirm title={RT.confirmDelete} okText={RT.ok} cancelText={RT.cancel} okButtonProps={{ danger: true }} onConfirm={() => void onDelete().catch(() => undefined)}>
      <Button type="link" size="small" danger>
        {RT.delete}
      </Button>
    </Popconfirm>
  );
}

/**
 * One row action: asks first when it has a confirmation or a form, and shows as loading while what it started
 * runs. Row actions live in a `<ResourceList>`: they receive it.
 */
export function RowActionButton<T extends object>({ action, row }: { action: RowAction<T>; row: T }) {
  const list = useContext(ResourceListContext) as unknown as ResourceListValue<T>;
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  // a row's dialog is drawn once first asked for, not on every row of every page
  const [asked, setAsked] = useState(false);
  if (action.form) {
    const Fields = action.form;
    const submit = async (values: Record<string, unknown>) => {
      setBusy(true);
      try {
        await action.onClick(row, list, values);
      } finally {
        setBusy(false);
      }
    };
    return (
      <>
        <Button
          type="link"
          size="small"
          danger={action.danger}
          onClick={() => {
            setAsked(true);
            setAsking(true);
          }}
        >
          {action.label}
        </Button>
        {asked && (
          <FormDialog<Record<string, unknown>>
            title={typeof action.label === 'string' ? action.label : action.key}
            open={asking}
            onClose={() => setAsking(false)}
            onSubmit={submit}
            submitting={busy}
          >
            {(form) => <Fields form={form} row={row} />}
          </FormDialog>
        )}
      </>
    );
  }
  const run = () => {
    const result = action.onClick(row, list);
    if (!(result instanceof Promise)) return;
    setBusy(true);
    // a failed request has been explained by the request client
    result.catch(() => undefined).finally(() => setBusy(false));
  };
  const button = (
    <Button type="link" size="small" danger={action.danger} loading={busy} onClick={action.confirm ? undefined : run}>
      {action.label}
    </Button>
  );
  if (!action.confirm) return button;
  return (
    <Popconfirm title={action.confirm} okText={RT.ok} cancelText={RT.cancel} okButtonProps={{ danger: action.danger }} onConfirm={run}>
      {button}
    </Popconfirm>
  );
}
