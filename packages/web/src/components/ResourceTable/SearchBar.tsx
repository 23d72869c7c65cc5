import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input } from 'antd';
import { type ReactNode, useEffect } from 'react';
import dayjs, { type Dayjs } from '../../utils/dayjs';
import { FilterInput } from './FilterInput';
import { RT } from './messages';
import type { FilterField, FilterValues, ListQuery, QueryPatch } from './types';

const DAY = 'YYYY-MM-DD';

/** 最近一周 / 最近一个月 / 最近三个月, counted back from today when picked. */
export const DATE_PRESETS: { label: string; value: () => [Dayjs, Dayjs] }[] = [
  { label: RT.lastWeek, value: () => [dayjs().subtract(1, 'week'), dayjs()] },
  { label: RT.lastMonth, value: () => [dayjs().subtract(1, 'month'), dayjs()] },
  { label: RT.lastThreeMonths, value: () => [dayjs().subtract(3, 'month'), dayjs()] },
];

interface Values {
  keywords?: string;
  dateRange?: [Dayjs, Dayjs] | null;
  [filter: string]: unknown;
}

interface Props {
  query: ListQuery;
  onSearch: (patch: QueryPatch) => void;
  onReset: () => void;
  /** Filter definitions, or Form.Items rendered inside the search form (applied on 搜索). */
  filters?: FilterField[] | (() => ReactNode);
  /** false: the list has no date to narrow by (no date range). */
  dateRange?: boolean;
  /** What keywords search, shown when pointing at the box. */
  keywordsHint?: string;
}

function valuesOf(query: ListQuery): Values {
  const dateRange = query.dateRange ? ([dayjs(query.dateRange[0]), dayjs(query.dateRange[1])] as [Dayjs, Dayjs]) : null;
  return { ...query.filters, keywords: query.keywords, dateRange };
}

function patchOf({ keywords, dateRange, ...rest }: Values): QueryPatch {
  const filters: FilterValues = {};
  for (const [key, value] of Object.entries(rest)) {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean') filters[key] = String(value);
  }
  return {
    page: 1,
    keywords: (keywords ?? '').trim(),
    dateRange: dateRange?.[0] && dateRange[1] ? [dateRange[0].format(DAY), dateRange[1].format(DAY)] : null,
    filters,
  };
}

/**
 * Keyword, date range and filters of a list. Dates and select filters apply as soon as they change; typed text
 * applies on Enter or 搜索. The fields follow the list state (重置, back/forward, a shared link).
 */
export function SearchBar({ query, onSearch, onReset, filters, dateRange = true, keywordsHint }: Props) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(query));
  }, [form, query]);

  const fields = Array.isArray(filters) ? filters : [];
  const immediate = new Set(['dateRange', ...fields.filter((f) => f.type !== 'text').map((f) => f.name)]);
  // all values, also filters of the URL that have no field here (e.g. a link from another page)
  const apply = () => onSearch(patchOf(form.getFieldsValue(true) as Values));

  return (
    <Form
      form={form}
      layout="inline"
      onFinish={apply}
      onValuesChange={(changed: Values) => Object.keys(changed).some((key) => immediate.has(key)) && apply()}
      style={{ rowGap: 8, marginBottom: 12 }}
    >
      <Form.Item name="keywords">
        <Input allowClear aria-label={RT.keywordsPlaceholder} placeholder={RT.keywordsPlaceholder} title={keywordsHint} style={{ width: 200 }} />
      </Form.Item>
      {dateRange && (
        <Form.Item name="dateRange">
          <DatePicker.RangePicker presets={DATE_PRESETS} placeholder={[RT.startDate, RT.endDate]} />
        </Form.Item>
      )}
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name}>
          <FilterInput field={field} />
        </Form.Item>
      ))}
      {typeof filters === 'function' && filters()}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {RT.search}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          {RT.reset}
        </Button>
      </Form.Item>
    </Form>
  );
}
