import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type FormInstance, Popconfirm, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { FormDialog } from '../FormDialog';
import { RT } from './messages';

/** One entry of a row's 操作, drawn as a button in the row or as an item under 更多. */
export interface RowItem {
  key: string;
  label: ReactNode;
  danger?: boolean;
  /** Asked in a confirmation before it runs. */
  confirm?: string;
  /** Why this row cannot take it: shown disabled, with the reason as its tooltip. */
  refused?: string;
  /** Form items asked in a dialog (titled by the label) first; their values go to `run`. */
  fields?: (form: FormInstance) => ReactNode;
  loading?: boolean;
  /** Runs it; a returned promise shows it as busy, and a rejected one keeps its dialog open. */
  run: (values?: Record<string, unknown>) => unknown;
}

const titleOf = (item: RowItem) => (typeof item.label === 'string' ? item.label : item.key);

/** Runs `item`, busy until what it started settles; a failed request has been explained by the request client. */
function useRunner() {
  const [busy, setBusy] = useState(false);
  const run = (item: RowItem, values?: Record<string, unknown>) => {
    const result = item.run(values);
    if (!(result instanceof Promise)) return Promise.resolve();
    setBusy(true);
    return result.finally(() => setBusy(false));
  };
  return { busy, run };
}

/** The dialog of an item with a form, drawn once first asked for, not on every row of every page. */
function ItemDialog({ item, open, onClose, busy, onSubmit }: { item: RowItem | null; open: boolean; onClose: () => void; busy: boolean; onSubmit: (values: Record<string, unknown>) => Promise<unknown> }) {
  if (!item?.fields) return null;
  const fields = item.fields;
  return (
    <FormDialog<Record<string, unknown>> title={titleOf(item)} open={open} onClose={onClose} onSubmit={async (values) => void (await onSubmit(values))} submitting={busy}>
      {(form) => fields(form)}
    </FormDialog>
  );
}

/** One entry as a link button in the row: asks first when it has a confirmation or a form, loading while it runs. */
export function RowItemButton({ item }: { item: RowItem }) {
  const { busy, run } = useRunner();
  const [asking, setAsking] = useState(false);
  const [asked, setAsked] = useState(false);
  if (item.refused) {
    return (
      // a disabled button takes no pointer events: the tooltip listens on a wrapper
      <Tooltip title={item.refused}>
        <span>
          <Button type="link" size="small" danger={item.danger} disabled>
            {item.label}
          </Button>
        </span>
      </Tooltip>
    );
  }
  const start = () => void run(item).catch(() => undefined);
  const onClick = item.fields
    ? () => {
        setAsked(true);
        setAsking(true);
      }
    : item.confirm
      ? undefined
      : start;
  const button = (
    <Button type="link" size="small" danger={item.danger} loading={busy || item.loading} onClick={onClick}>
      {item.label}
    </Button>
  );
  if (item.fields) {
    return (
      <>
        {button}
        <ItemDialog item={asked ? item : null} open={asking} onClose={() => setAsking(false)} busy={busy} onSubmit={(values) => run(item, values)} />
      </>
    );
  }
  if (!item.confirm) return button;
  return (
    <Popconfirm title={item.confirm} okText={RT.ok} cancelText={RT.cancel} okButtonProps={{ danger: item.danger }} onConfirm={start}>
      {button}
    </Popconfirm>
  );
}

/**
 * 更多: the row's further entries in a dropdown. An entry with a confirmation asks it beside the button, one with a
 * form opens its dialog; `name` names the row for screen readers.
 */
export function MoreActions({ items, name }: { items: RowItem[]; name?: string }) {
  const { busy, run } = useRunner();
  const [confirming, setConfirming] = useState<RowItem | null>(null);
  const [asking, setAsking] = useState<RowItem | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const choose = (key: string) => {
    const item = items.find((entry) => entry.key === key);
    if (!item) return;
    if (item.fields) {
      setAsking(item);
      setDialogOpen(true);
    } else if (item.confirm) setConfirming(item);
    else void run(item).catch(() => undefined);
  };
  return (
    <>
      <Popconfirm
        open={!!confirming}
        title={confirming?.confirm}
        okText={RT.ok}
        cancelText={RT.cancel}
        okButtonProps={{ danger: confirming?.danger }}
        onOpenChange={(open) => !open && setConfirming(null)}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const item = confirming;
          setConfirming(null);
          if (item) void run(item).catch(() => undefined);
        }}
      >
        <Dropdown
          trigger={['click']}
          menu={{
            items: items.map((item) => ({
              key: item.key,
              danger: item.danger,
              disabled: !!item.refused,
              title: item.refused,
              label: item.refused ? `${titleOf(item)} (${item.refused})` : item.label,
            })),
            onClick: ({ key }) => choose(key),
          }}
        >
          <Button type="link" size="small" loading={busy} aria-label={name ? RT.moreOf(name) : RT.more}>
            {RT.more}
            <DownOutlined />
          </Button>
        </Dropdown>
      </Popconfirm>
      <ItemDialog item={asking} open={dialogOpen} onClose={() => setDialogOpen(false)} busy={busy} onSubmit={(values) => run(asking!, values)} />
    </>
  );
}
