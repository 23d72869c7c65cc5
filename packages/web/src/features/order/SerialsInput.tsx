import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { M } from './messages';
import { SerialsDialog } from './SerialsDialog';

interface Props {
  value?: string[];
  onChange?: (serials: string[]) => void;
  /** The line's quantity, which the serials should match. */
  quantity?: number | null;
  /** 1-based, for the dialog's title. */
  line: number;
  'aria-label'?: string;
}

/** A line's serials in a form: how many against the quantity (5/5, red when they differ) and the dialog to edit them. */
export function SerialsInput({ value = [], onChange, quantity, line, 'aria-label': ariaLabel }: Props) {
  const [open, setOpen] = useState(false);
  const wanted = quantity ?? 0;
  return (
    <Space size={4}>
      <Button size="small" aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {M.editSerials}
      </Button>
      <Tooltip title={M.serialsCountTip(value.length, wanted)}>
        <Typography.Text type={value.length === wanted ? undefined : 'danger'} data-testid={`serials-count-${line}`}>
          {M.serialsCount(value.length, wanted)}
        </Typography.Text>
      </Tooltip>
      {open && (
        <SerialsDialog
          line={line}
          serials={value}
          quantity={wanted}
          onClose={() => setOpen(false)}
          onOk={(serials) => {
            onChange?.(serials);
            setOpen(false);
          }}
        />
      )}
    </Space>
  );
}
