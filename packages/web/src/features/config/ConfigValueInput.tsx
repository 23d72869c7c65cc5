import { CONFIG_KEY, WECHAT_MODES, WECHAT_MODE_TITLES, type WechatNoticeKind } from '@gw/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { M } from './messages';
import { LISTS, type Row, type RowField, type Template, listJson, placeholderNames, rowsOf, shownText, storedText, templateJson, templateKindOf, templateOf } from './valueFields';

interface RowsProps {
  rows: Row[];
  fields: readonly RowField[];
  onChange: (rows: Row[]) => void;
}

/** Rows of inputs, one per field, each row removable, and 添加一项 below. */
function RowsEditor({ rows, fields, onChange }: RowsProps) {
  const set = (index: number, name: string, text: string) => onChange(rows.map((row, i) => (i === index ? { ...row, [name]: text } : row)));
  const blank = () => Object.fromEntries(fields.map((field) => [field.name, '']));
  return (
    <Flex vertical gap={8}>
      {rows.map((row, index) => (
        <Flex key={index} gap={8} align="center">
          {fields.map((field) => (
            <Input
              key={field.name}
              aria-label={`${field.label} ${index + 1}`}
              placeholder={field.label}
              style={field.width ? { width: field.width } : { flex: 1 }}
              value={row[field.name] ?? ''}
              onChange={(event) => set(index, field.name, event.target.value)}
            />
          ))}
          <Button aria-label={M.removeRow(index + 1)} icon={<DeleteOutlined />} onClick={() => onChange(rows.filter((_, i) => i !== index))} />
        </Flex>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...rows, blank()])}>
        {M.addRow}
      </Button>
    </Flex>
  );
}

/** A template's id, the page a tap opens, and its fields with their text, the notice's facts named in Chinese. */
function TemplateEditor({ kind, template, onChange }: { kind: WechatNoticeKind; template: Template; onChange: (template: Template) => void }) {
  const fields: readonly RowField[] = [
    { name: 'field', label: M.templateField, width: 160 },
    { name: 'text', label: M.templateText },
  ];
  // the form shows {设备ID} where the stored text holds {gateway_id}
  const rows = template.data.map((row) => ({ ...row, text: shownText(kind, row.text ?? '') }));
  const setRows = (next: Row[]) => onChange({ ...template, data: next.map((row) => ({ ...row, text: storedText(kind, row.text ?? '') })) });
  return (
    <Flex vertical gap={8}>
      <Input aria-label={M.templateId} placeholder={M.templateId} value={template.template_id} onChange={(e) => onChange({ ...template, template_id: e.target.value })} />
      <Input aria-label={M.templateUrl} placeholder={M.templateUrl} value={template.url} onChange={(e) => onChange({ ...template, url: e.target.value })} />
      <RowsEditor rows={rows} fields={fields} onChange={setRows} />
      <Typography.Text type="secondary">{M.placeholders(Object.values(placeholderNames(kind)))}</Typography.Text>
    </Flex>
  );
}

const MODE_OPTIONS = WECHAT_MODES.map((mode) => ({ value: mode, label: WECHAT_MODE_TITLES[mode] }));

interface Props {
  /** The form item's id, so its label names the text box. */
  id?: string;
  /** The config key, which decides the editor. */
  configKey: string;
  /** The value as stored: text, JSON for the keys with a form. */
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * 配置值: JSON values edited through fields (下载专区's entries, the OEE shifts, WeChat templates), the message mode
 * chosen by its Chinese name, any other value typed as text. A stored JSON value this form cannot read shows as
 * text, so it can still be fixed.
 */
export function ConfigValueInput({ id, configKey, value = '', onChange }: Props) {
  const list = LISTS[configKey];
  const rows = list ? rowsOf(value) : undefined;
  if (list && rows) return <RowsEditor rows={rows} fields={list.fields} onChange={(next) => onChange?.(listJson(configKey, next))} />;
  const kind = templateKindOf(configKey);
  const template = kind ? templateOf(value) : undefined;
  if (kind && template) return <TemplateEditor kind={kind} template={template} onChange={(next) => onChange?.(templateJson(next))} />;
  if (configKey === CONFIG_KEY.wechatMode && (WECHAT_MODES as readonly string[]).includes(value)) {
    return <Select id={id} options={MODE_OPTIONS} value={value} onChange={(mode) => onChange?.(mode)} />;
  }
  return <Input.TextArea id={id} autoSize={{ minRows: 3, maxRows: 12 }} value={value} onChange={(event) => onChange?.(event.target.value)} />;
}
