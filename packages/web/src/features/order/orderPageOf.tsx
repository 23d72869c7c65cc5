import { DEVICE_PATH } from '@gw/contracts';
import { ResourceTable, filtersFrom, rowActionsFrom } from '../../components/ResourceTable';
import type { DetailTab, RowAction } from '../../components/ResourceTable';
import { useReadableFilters } from '../../components/ResourceTable/readableFilters';
import type { ResourceFormProps } from '../../components/ResourceTable/types';
import { useCan, useVendorSession } from '../../utils/permission';
import { orderColumns } from './orderColumns';
import { M } from './messages';
import { OrderForm } from './OrderForm';
import { OrderInfo } from './OrderInfo';
import { OrderLines } from './OrderLines';
import { orderBody, orderValues } from './orderValues';
import type { Order, OrderKind } from './types';

/** Only a draft is edited, deleted, confirmed or cancelled: a confirmed or cancelled order is final. */
const isDraft = (order: Order) => order.status === 'draft';

/**
 * The page of one kind of order (进货管理, 出货管理), built once per kind: the list (单号, the other side, 日期, 数量,
 * 金额, 状态, 操作人, 创建时间) searched by keywords, status and dates; the form with its lines and serials; per row
 * 详情 (基本信息, 明细), and for a draft 编辑, 删除, 确认 and 取消 (the descriptor's confirmations; a refusal, such as
 * serials already in use, is shown as the server words it), then the kind's own actions.
 */
export function orderPageOf<T extends Order>(kind: OrderKind<T>) {
  const { descriptor, party } = kind;
  const columns = orderColumns<T>(party.shown);
  const lineLabels = descriptor.lines?.labels ?? {};
  const toBody = orderBody(party.field);
  const filterFields = filtersFrom(descriptor);
  const confirmAndCancel: RowAction<T>[] = rowActionsFrom<T>(descriptor).map((action) => ({ ...action, visible: isDraft }));

  function KindOrderForm(props: ResourceFormProps<T>) {
    return <OrderForm<T> {...props} party={party.input} labels={descriptor.labels} lineLabels={lineLabels} />;
  }

  return function OrderPage() {
    const can = useCan();
    const vendor = useVendorSession();
    const filters = useReadableFilters(filterFields);
    // 退货 is the vendor's (the server refuses anyone else)
    const returnable = kind.returnable && vendor && can(DEVICE_PATH, 'assign');
    const tabs: DetailTab<T>[] = [
      { key: 'base', label: M.baseTab, render: (order) => <OrderInfo<T> order={order} kind={kind} /> },
      {
        key: 'lines',
        label: M.linesTab,
        render: (order) => <OrderLines lines={order.lines ?? []} labels={lineLabels} returnable={returnable && order.status === 'confirmed'} />,
      },
    ];
    return (
      <ResourceTable<T>
        descriptor={descriptor}
        columns={columns}
        filters={filters}
        form={KindOrderForm}
        formMode="drawer"
        formWidth={1080}
        toFormValues={orderValues}
        toBody={toBody}
        canEdit={isDraft}
        canDelete={isDraft}
        rowActions={[...confirmAndCancel, ...kind.rowActions]}
        detail={{ tabs, title: (order) => M.detailTitle(descriptor.title, order.order_no), width: 960 }}
      />
    );
  };
}
