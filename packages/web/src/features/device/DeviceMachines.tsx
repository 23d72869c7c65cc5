import { FLEET_DICT, MACHINE_MENU, MACHINE_PATH, type MachineTool, machineToolResource, labelOf } from '@gw/contracts';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { dictTitle } from '../../utils/dictionary';
import { useDeviceMachines } from './api';
import { M } from './messages';
import { DetailTable } from '../../components/ResourceTable';

const label = (field: string) => labelOf(machineToolResource, field);
/** 机床详情 of one machine tool: its live values, its day and its alarms. */
export const machinePagePath = (id: number) => `${MACHINE_PATH}/${id}`;
const columns: ColumnsType<MachineTool> = [
  { key: 'code', dataIndex: 'code', title: label('code') },
  { key: 'name', dataIndex: 'name', title: label('name'), render: (name: string, row) => <Link to={machinePagePath(row.id)}>{name || row.code}</Link> },
  { key: 'category', dataIndex: 'category', title: label('category'), render: (category: string) => dictTitle(FLEET_DICT.machineToolCategory, category) || category },
  { key: 'model', dataIndex: 'model', title: label('model') },
  { key: 'ip', dataIndex: 'ip', title: label('ip') },
];

/** 机床: the machine tools behind the box, with their addresses, and the way to the box's 机床 page. */
export function DeviceMachines({ deviceId }: { deviceId: number }) {
  const machines = useDeviceMachines(deviceId);
  const navigate = useNavigate();
  return (
    <>
      <Button type="link" style={{ paddingInline: 0, marginBottom: 8 }} onClick={() => void navigate(`${MACHINE_MENU}/${deviceId}`)}>
        {M.manageMachines}
      </Button>
      <DetailTable<MachineTool>
        rowKey="id"
        size="small"
        pagination={false}
        loading={machines.isPending}
        dataSource={machines.data}
        columns={columns}
        locale={{ emptyText: M.noMachines }}
      />
    </>
  );
}
