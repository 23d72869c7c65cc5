import { FilterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Flex, Form, Input } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import dayjs, { type Dayjs } from '../../utils/dayjs';
import { DayRangePicker, rangePresets } from '../DateRange';
import { FilterInput } from './FilterInput';
import { RT } from './messages';
import type { FilterField, FilterValues, ListQuery, QueryPatch } from './types';
import { usePhone } from './usePhone';

const DAY = 'YYYY-MM-DD';

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

/** How many narrowings besides the keywords are on: the date range and each filter. */
export const activeFilterCount = (query: ListQuery) => (query.dateRange ? 1 : 0) + Object.keys(query.filters).length;

/**
 * Keyword, date range and filters of a list. Dates and select filters apply as soon as they change; typed text
 * applies on Enter or 搜索. The fields follow the list state (重置, back/forward, a shared link). On a phone only the
 * keywords stay in sight; the date range and filters fold into a drawer behind 筛选, which counts those that are on.
 */
export function SearchBar({ query, onSearch, onReset, filters, dateRange = true, keywordsHint }: Props) {
  const [form] = Form.useForm<Values>();
  const phone = usePhone();
  const [drawer, setDrawer] = useState(false);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(query));
  }, [form, query]);

  const fields = Array.isArray(filters) ? filters : [];
  // in the drawer a filter applies with its 搜索: the list behind it should not jump while people choose
  const immediate = new Set(phone ? [] : ['dateRange', ...fields.filter((f) => f.type !== 'text').map((f) => f.name)]);
  // all values, also filters of the URL that have no field here (e.g. a link from another page)
  const apply = () => onSearch(patchOf(form.getFieldsValue(true) as Values));

  const keywords = (
    <Form.Item name="keywords" style={phone ? { flex: 1, marginInlineEnd: 8 } : undefined}>
      <Input allowClear aria-label={RT.keywordsPlaceholder} placeholder={RT.keywordsPlaceholder} title={keywordsHint} style={phone ? undefined : { width: 200 }} />
    </Form.Item>
  );
  const narrowing = (
    <>
      {dateRange && (
        <Form.Item name="dateRange" label={phone ? RT.dateRange : undefined}>
          <DayRangePicker presets={rangePresets()} placeholder={[RT.startDate, RT.endDate]} style={phone ? { width: '100%' } : undefined} />
        </Form.Item>
      )}
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={phone ? field.label : undefined}>
          <FilterInput field={field} block={phone} />
        </Form.Item>
      ))}
      {typeof filters === 'function' && filters()}
    </>
  );
  const hasNarrowing = dateRange || fields.length > 0 || typeof filters === 'function';

  if (phone) {
    const count = activeFilterCount(query);
    return (
      <Form form={form} layout="vertical" onFinish={apply} onValuesChange={(changed: Values) => Object.keys(changed).some((key) => immediate.has(key)) && apply()} style={{ marginBottom: 12 }}>
        <Flex align="flex-start">
          {keywords}
          {hasNarrowing && (
            <Badge count={count} size="small">
              <Button icon={<FilterOutlined />} aria-label={count ? RT.filterCount(count) : RT.filter} onClick={() => setDrawer(true)}>
                {RT.filter}
              </Button>
            </Badge>
          )}
        </Flex>
        <Drawer title={RT.filters} placement="bottom" size="auto" open={drawer} onClose={() => setDrawer(false)} forceRender
          footer={
            <Flex gap={8} justify="flex-end">
              <Button icon={<ReloadOutlined />} onClick={() => { onReset(); setDrawer(false); }}>
                {RT.reset}
              </Button>
              <Button type="primary" icon={<SearchOutlined />} onClick={() => { form.submit(); setDrawer(false); }}>
                {RT.search}
              </Button>
            </Flex>
          }
        >
          {/* the drawer is drawn elsewhere in the page, but its fields are still the form's */}
          {narrowing}
        </Drawer>
      </Form>
    );
  }

  return (
    <Form
      form={form}
      layout="inline"
      onFinish={apply}
      onValuesChange={(changed: Values) => Object.keys(changed).some((key) => immediate.has(key)) && apply()}
      style={{ rowGap: 8, marginBottom: 12 }}
    >
      {keywords}
      {narrowing}
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
