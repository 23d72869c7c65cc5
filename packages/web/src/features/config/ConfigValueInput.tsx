import { CONFIG_KEY } from '@gw/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { M } from './messages';

/** One field of a row of a JSON list value: its key in the JSON and what the form calls it. */
interface RowField {
  name: string;
  label: string;
  width?: number;
}

/** The config values held as a JSON list of objects, edited row by row: the fields of each row. */
const LISTS: Readonly<Record<string, readonly RowField[]>> = {
  [CONFIG_KEY.downloads]: [
    { name: 'title', label: '名称', width: 140 },
    { name: 'url', label: '下载地址' },
    { name: 'description', label: '说明', width: 160 },
  ],
  [CONFIG_KEY.oeeShifts]: [
    { name: 'name', label: '班次名称' },
    { name: 'start', label: '开始 (时:分)', width: 120 },
    { name: 'end', label: '结束 (时:分)', width: 120 },
  ],
};

/** The config values holding a WeChat template message (empty: none). */
const TEMPLATES: readonly string[] = [CONFIG_KEY.wechatTemplateAlarm, CONFIG_KEY.wechatTemplateLicense];

type Row = Record<string, string>;

/** A JSON scalar as the text box shows it; anything else (a nested object) as its JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value == null ? '' : JSON.stringify(value);
}

/** A JSON value as rows, or undefined when it is not a list of objects (then it is edited as text, to be fixed). */
function rowsOf(value: string): Row[] | undefined {
  if (!value.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed) || !parsed.every((row) => row && typeof row === 'object' && !Array.isArray(row))) return undefined;
    return (parsed as Record<string, unknown>[]).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, asText(v)])));
  } catch {
    return undefined;
  }
}

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

/** Keeps optional fields out of the JSON while empty (a download's 说明), as the stored shape has them. */
const OPTIONAL: Readonly<Record<string, readonly string[]>> = { [CONFIG_KEY.downloads]: ['description'] };

const listJson = (key: string, rows: Row[]) =>
  JSON.stringify(rows.map((row) => Object.fromEntries(Object.entries(row).filter(([name, text]) => text !== '' || !OPTIONAL[key]?.includes(name)))));

interface Template {
  template_id: string;
  url: string;
  data: Row[];
}

/** A template value as its fields, or undefined when it is not one (edited as text then). */
function templateOf(value: string): Template | undefined {
  if (!value.trim()) return { template_id: '', url: '', data: [] };
  try {
    const parsed = JSON.parse(value) as { template_id?: unknown; url?: unknown; data?: unknown };
    if (!parsed || typeof parsed !== 'object' || (parsed.data !== undefined && (typeof parsed.data !== 'object' || parsed.data === null))) return undefined;
    const data = Object.entries((parsed.data ?? {}) as Record<string, unknown>).map(([field, text]) => ({ field, text: asText(text) }));
    return { template_id: asText(parsed.template_id), url: asText(parsed.url), data };
  } catch {
    return undefined;
  }
}

/** A template's JSON; nothing filled in at all is '' (notices then go as customer-service messages). */
function templateJson(template: Template): string {
  if (!template.template_id && !template.url && !template.data.length) return '';
  const data = Object.fromEntries(template.data.map((row) => [row.field, row.text]));
  return JSON.stringify({ template_id: template.template_id, data, ...(template.url ? { url: template.url } : {}) });
}

const TEMPLATE_FIELDS: readonly RowField[] = [
  { name: 'field', label: '模板字段', width: 160 },
  { name: 'text', label: '内容 (可含 {名称})' },
];

function TemplateEditor({ template, onChange }: { template: Template; onChange: (template: Template) => void }) {
  return (
    <Flex vertical gap={8}>
      <Input aria-label={M.templateId} placeholder={M.templateId} value={template.template_id} onChange={(e) => onChange({ ...template, template_id: e.target.value })} />
      <Input aria-label={M.templateUrl} placeholder={M.templateUrl} value={template.url} onChange={(e) => onChange({ ...template, url: e.target.value })} />
      <RowsEditor rows={template.data} fields={TEMPLATE_FIELDS} onChange={(data) => onChange({ ...template, data })} />
    </Flex>
  );
}

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
 * 配置值: JSON values edited through fields (下载专区's entries, the OEE shifts, WeChat templates), any other value
 * typed as text. A stored JSON value this form cannot read shows as text, so it can still be fixed.
 */
export function ConfigValueInput({ id, configKey, value = '', onChange }: Props) {
  const fields = LISTS[configKey];
  const rows = fields ? rowsOf(value) : undefined;
  if (fields && rows) return <RowsEditor rows={rows} fields={fields} onChange={(next) => onChange?.(listJson(configKey, next))} />;
  const template = TEMPLATES.includes(configKey) ? templateOf(value) : undefined;
  if (template) return <TemplateEditor template={template} onChange={(next) => onChange?.(templateJson(next))} />;
  return <Input.TextArea id={id} autoSize={{ minRows: 3, maxRows: 12 }} value={value} onChange={(event) => onChange?.(event.target.value)} />;
}
