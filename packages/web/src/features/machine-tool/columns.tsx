import type { MachineTool } from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { categoryTitle } from './category';
import { M } from './messages';

export const EnabledTag = ({ enabled }: { enabled: boolean }) => (enabled ? <Tag color="green">{M.enabled}</Tag> : <Tag>{M.disabled}</Tag>);

/** 设备编号, 名称, 类型, 型号, 描述, 启用; titles from the descriptor. */
export const machineToolColumns: ColumnsType<MachineTool> = [
  { key: 'code', dataIndex: 'code' },
  { key: 'name', dataIndex: 'name' },
  { key: 'category', dataIndex: 'category', render: categoryTitle },
  { key: 'model', dataIndex: 'model' },
  { key: 'description', dataIndex: 'description', ellipsis: true },
  { key: 'enabled', dataIndex: 'enabled', render: (enabled: boolean) => <EnabledTag enabled={enabled} /> },
];
