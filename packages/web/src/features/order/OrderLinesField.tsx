import { GOODS_OPTIONS_URL, ORDER_MAX_SERIALS, priceSchema } from '@gw/contracts';
import { Flex, Form, InputNumber, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { DecimalInput } from '../../components/DecimalInput';
import { type RemoteOption, RemoteSelect } from '../../components/RemoteSelect';
import { LineItems } from '../../components/ResourceTable';
import { zodRule } from '../../utils/form';
import { M } from './messages';
import { orderTotals } from './money';
import { duplicatesOf } from './serials';
import { SerialsInput } from './SerialsInput';

/** A line as the form holds it: goods_name only names a type not among the loaded options (never sent). */
export interface LineValues {
  goods_id?: number;
  goods_name?: string;
  quantity?: number | null;
  unit_price?: string;
  serials?: string[];
}

const LINES = 'lines';
const newLine = (): LineValues => ({ quantity: 1, serials: [] });

interface CellProps {
  index: number;
  value?: number;
  onChange?: (value: number | undefined) => void;
}

/** Only types in use (启用) are offered for a new line; a stopped one already on a line keeps its name. */
const ENABLED = { enabled: true };

/** 设备类型 of a line: picking one fills the line's 单价 with the type's price. */
function GoodsCell({ index, onChange, ...rest }: CellProps) {
  const form = Form.useFormInstance();
  const known = Form.useWatch([LINES, index, 'goods_name'], form) as string | undefined;
  const labelRender = ({ value, label }: { value: unknown; label?: unknown }) => (label as string | undefined) ?? known ?? String(value);
  return (
    <RemoteSelect
      {...rest}
      url={GOODS_OPTIONS_URL}
      params={ENABLED}
      labelField="name"
      placeholder={M.goodsRequired}
      style={{ width: '100%', minWidth: 180 }}
      labelRender={labelRender}
      onChange={(id: number | undefined, option) => {
        const item = (option as RemoteOption | undefined)?.item;
        if (item) {
          form.setFieldValue([LINES, index, 'goods_name'], item.name);
          if (typeof item.price === 'string') form.setFieldValue([LINES, index, 'unit_price'], item.price);
        }
        onChange?.(id);
      }}
    />
  );
}

/** 序列号 of a line, counted against the line's 数量. */
function SerialsCell({ index, ...rest }: { index: number; value?: string[]; onChange?: (serials: string[]) => void }) {
  const form = Form.useFormInstance();
  const quantity = Form.useWatch([LINES, index, 'quantity'], form) as number | null | undefined;
  return <SerialsInput {...rest} line={index + 1} quantity={quantity} />;
}

/** A serial may stand on one line of the order only, once. */
const serialsOnce: Rule = ({ getFieldValue }) => ({
  async validator(_rule, serials: string[] | undefined) {
    const all = ((getFieldValue(LINES) as LineValues[] | undefined) ?? []).flatMap((line) => line?.serials ?? []);
    const repeated = duplicatesOf(all).filter((serial) => serials?.includes(serial));
    if (repeated.length) throw new Error(M.duplicates(repeated));
  },
});

/** 合计 under the lines: the boxes and the amount, in exact cents. */
function OrderTotals() {
  const form = Form.useFormInstance();
  const lines = Form.useWatch(LINES, form) as LineValues[] | undefined;
  const { quantity, amount } = orderTotals(lines);
  return (
    <Flex justify="flex-end" gap={24} style={{ marginTop: 8 }} data-testid="order-totals">
      <Typography.Text strong>{M.totals}</Typography.Text>
      <span>
        {M.totalQuantity}: <Typography.Text strong>{quantity}</Typography.Text>
      </span>
      <span>
        {M.totalAmount}: <Typography.Text strong>{amount}</Typography.Text>
      </span>
    </Flex>
  );
}

/** The order's lines: 设备类型, 数量, 单价 (元, exact text) and 序列号 per line, then the totals; a new order starts with one. */
export function OrderLinesField({ labels, adding }: { labels: Readonly<Record<string, string>>; adding: boolean }) {
  return (
    <>
      <LineItems
        name={LINES}
        min={1}
        newLine={newLine}
        initialValue={adding ? [newLine()] : undefined}
        columns={[
          { name: 'goods_id', title: labels.goods_id, rules: [{ required: true, message: M.goodsRequired }], input: (index) => <GoodsCell index={index} /> },
          {
            name: 'quantity',
            title: labels.quantity,
            width: 120,
            rules: [{ required: true, message: M.quantityRequired }],
            input: <InputNumber min={1} max={ORDER_MAX_SERIALS} precision={0} style={{ width: '100%' }} />,
          },
          {
            name: 'unit_price',
            title: labels.unit_price,
            width: 160,
            rules: [{ required: true, message: M.priceRequired }, zodRule(priceSchema)],
            input: <DecimalInput scale={2} suffix={M.yuan} />,
          },
          { name: 'serials', title: labels.serials, width: 200, rules: [serialsOnce], input: (index) => <SerialsCell index={index} /> },
        ]}
      />
      <OrderTotals />
    </>
  );
}
