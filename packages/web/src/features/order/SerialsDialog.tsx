import { Alert, Button, Flex, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { M } from './messages';
import { duplicatesOf, generateSerials, invalidSerials, splitSerials } from './serials';

interface Props {
  /** 1-based, for the title. */
  line: number;
  serials: string[];
  quantity: number;
  onOk: (serials: string[]) => void;
  onClose: () => void;
}

/**
 * The serials of one line in a text box: typed one per line or pasted (an Excel column), with 批量生成 from a
 * prefix, a first number and its digits (as many as the line's quantity unless changed). Repeated and malformed
 * serials are named and keep 确定 off until fixed.
 */
export function SerialsDialog({ line, serials, quantity, onOk, onClose }: Props) {
  const [text, setText] = useState(serials.join('\n'));
  const [run, setRun] = useState({ prefix: '', start: 1, digits: 4, count: quantity || 1 });
  const parsed = splitSerials(text);
  const duplicates = duplicatesOf(parsed);
  const invalid = invalidSerials(parsed);
  const generate = () => setText([...parsed, ...generateSerials(run)].join('\n'));
  return (
    <Modal
      open
      title={M.serialsTitle(line)}
      width={640}
      onCancel={onClose}
      onOk={() => onOk(parsed)}
      okButtonProps={{ disabled: duplicates.length > 0 || invalid.length > 0 }}
      destroyOnHidden
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Input aria-label={M.prefix} prefix={M.prefix} style={{ width: 160 }} value={run.prefix} onChange={(e) => setRun({ ...run, prefix: e.target.value })} />
        <InputNumber aria-label={M.start} prefix={M.start} min={0} precision={0} style={{ width: 150 }} value={run.start} onChange={(v) => setRun({ ...run, start: v ?? 0 })} />
        <InputNumber aria-label={M.digits} prefix={M.digits} min={1} max={20} precision={0} style={{ width: 120 }} value={run.digits} onChange={(v) => setRun({ ...run, digits: v ?? 1 })} />
        <InputNumber aria-label={M.count} prefix={M.count} min={1} max={5000} precision={0} style={{ width: 140 }} value={run.count} onChange={(v) => setRun({ ...run, count: v ?? 1 })} />
        <Button onClick={generate} disabled={!run.prefix.trim() && !run.count}>
          {M.generate}
        </Button>
      </Flex>
      <Input.TextArea aria-label={M.serials} rows={10} value={text} onChange={(e) => setText(e.target.value)} placeholder={M.serialsHint} />
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
        <Typography.Text type={parsed.length === quantity ? 'secondary' : 'danger'}>{M.serialsCountTip(parsed.length, quantity)}</Typography.Text>
        <Space>
          {duplicates.length > 0 && <Button size="small" onClick={() => setText([...new Set(parsed)].join('\n'))}>{M.removeDuplicates}</Button>}
          <Button size="small" onClick={() => setText('')}>
            {M.clear}
          </Button>
        </Space>
      </Flex>
      {duplicates.length > 0 && <Alert type="error" showIcon style={{ marginTop: 8 }} title={M.duplicates(duplicates)} />}
      {invalid.length > 0 && <Alert type="error" showIcon style={{ marginTop: 8 }} title={M.invalid(invalid)} />}
    </Modal>
  );
}
