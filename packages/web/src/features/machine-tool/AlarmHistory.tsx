import { ALARM_ACTIVE_OPTIONS, type MachineAlarm, formatDuration, machineAlarmResource, machineHistoryPath, optionLabel } from '@gw/contracts';
import { Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListGrid, ListSearchBar, ListToolbar, ResourceList } from '../../components/ResourceTable';
import { parseTime } from '../../utils/format';

const TITLE = '报警历史';
const ON = optionLabel(ALARM_ACTIVE_OPTIONS, 'yes');

/** Titles from the descriptor's labels; 开始时间 sorts on the server. */
const columns: ColumnsType<MachineAlarm> = [
  { key: 'alarm_no', dataIndex: 'alarm_no' },
  { key: 'alarm_type', dataIndex: 'alarm_type' },
  { key: 'alarm_msg', dataIndex: 'alarm_msg' },
  { key: 'started_at', dataIndex: 'started_at', render: (time: string) => parseTime(time) },
  { key: 'ended_at', dataIndex: 'ended_at', render: (time: string | null) => (time ? parseTime(time) : <Tag color="red">{ON}</Tag>) },
  { key: 'duration_s', dataIndex: 'duration_s', render: (seconds: number | null) => (seconds === null ? '-' : formatDuration(seconds)) },
];

/**
 * 报警历史 of one machine tool (GET /device/machine/{id}/alarms) on the list kit: by number or message, start
 * dates and on/ended, sortable by start, and 导出 (with 机床's 导出) of what it shows as an export job.
 */
export function AlarmHistory({ id }: { id: number }) {
  return (
    <Card title={TITLE}>
      {/* the page's URL is the machine's: the list keeps its state to itself */}
      <ResourceList<MachineAlarm> descriptor={machineAlarmResource} resource={machineHistoryPath(id, 'alarms')} columns={columns} syncUrl={false} defaultLimit={10}>
        <ListSearchBar />
        <ListToolbar />
        <ListGrid<MachineAlarm> size="small" />
      </ResourceList>
    </Card>
  );
}
