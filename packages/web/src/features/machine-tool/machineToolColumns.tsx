import { MACHINE_PATH, type MachineTool } from '@gw/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { categoryTitle } from './category';
import { M } from './messages';

export const EnabledTag = ({ enabled }: { enabled: boolean }) => (enabled ? <Tag color="green">{M.enabled}</Tag> : <Tag>{M.disabled}</Tag>);

/** 设备编号, 名称, 类型, 型号, 描述, 启用; titles from the descriptor. */
export const machineToolColumns: ColumnsType<MachineTool> = [
  { key: 'code', dataIndex: 'code' },
  // to 机床详情: its live values, its day's states and parts, its alarms
  { key: 'name', dataIndex: 'name', render: (name: string, row) => <Link to={`${MACHINE_PATH}/${row.id}`}>{name || row.code}</Link> },
  { key: 'category', dataIndex: 'category', render: categoryTitle },
  { key: 'model', dataIndex: 'model' },
  { key: 'description', dataIndex: 'description', ellipsis: true },
  { key: 'enabled', dataIndex: 'enabled', render: (enabled: boolean) => <EnabledTag enabled={enabled} /> },
];
