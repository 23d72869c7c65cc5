import { FLEET_DICT, MACHINE_STATE_TITLES, type MachineRealtime, type MachineState, type MachineTool, cncValueInfo } from '@gw/contracts';
import { Card, Descriptions, Empty, Flex, List, Space, Table, Tag, Typography } from 'antd';
import { dictTitle } from '../../utils/dictionary';
import { parseTime } from '../../utils/format';
import { layOutValues } from './cncValues';
import { useMachineRealtime } from './realtimeApi';

const T = { none: '尚未收到数据', ts: '数据时间', axis: '轴', alarms: '报警', since: '开始于' } as const;
/**
 * antd's presets of the colours every picture of the console gives machine states (components/Chart/theme.ts:
 * green-6, gold-6, red-5, grey): running green, idle amber, alarm red, offline grey.
 */
const TAG_COLORS: Record<MachineState, string> = { running: 'green', idle: 'gold', alarm: 'red', offline: 'default' };

export const MachineStateTag = ({ state }: { state: MachineState }) => <Tag color={TAG_COLORS[state]}>{MACHINE_STATE_TITLES[state] ?? state}</Tag>;

function Values({ machine, realtime }: { machine: MachineTool; realtime: MachineRealtime }) {
  const { scalars, axes } = layOutValues(machine.category, realtime.values);
  const unit = (name: string) => cncValueInfo(name).unit;
  return (
    <Flex vertical gap="small">
      <Descriptions size="small" column={3} items={scalars.map(({ name, title, text }) => ({ key: name, label: title, children: text }))} />
      {axes.rows.length > 0 && (
        <Table
          rowKey="axis"
          size="small"
          pagination={false}
          dataSource={axes.rows}
          columns={[
            { key: 'axis', dataIndex: 'axis', title: T.axis },
            ...axes.names.map((name) => ({ key: name, dataIndex: name, title: unit(name) ? `${cncValueInfo(name).title} (${unit(name)})` : cncValueInfo(name).title, align: 'right' as const })),
          ]}
        />
      )}
      {realtime.alarms.length > 0 && (
        <List
          size="small"
          header={<Typography.Text type="danger">{T.alarms}</Typography.Text>}
          dataSource={realtime.alarms}
          renderItem={(alarm) => (
            <List.Item key={alarm.alarm_no}>
              <Typography.Text type="danger">{alarm.alarm_no}</Typography.Text> {alarm.alarm_msg}
              <Typography.Text type="secondary">
                {T.since} {parseTime(alarm.since)}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}

/** One machine tool of the box: code, name and brand, its state, its latest values with titles and units, its alarms and their time. */
export function MachineRealtimeCard({ machine }: { machine: MachineTool }) {
  const realtime = useMachineRealtime(machine.id);
  const data = realtime.data;
  const brand = dictTitle(FLEET_DICT.machineToolCategory, machine.category) || machine.category;
  return (
    <Card
      size="small"
      loading={realtime.isPending}
      data-testid={`machine-${machine.code}`}
      title={
        <Space>
          <span>{machine.code}</span>
          {machine.name && <span>{machine.name}</span>}
          <Typography.Text type="secondary">{brand}</Typography.Text>
        </Space>
      }
      extra={data && <MachineStateTag state={data.state} />}
    >
      {data?.ts ? (
        <>
          <Values machine={machine} realtime={data} />
          <Typography.Text type="secondary">
            {T.ts}: {parseTime(data.ts)}
          </Typography.Text>
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.none} />
      )}
    </Card>
  );
}
