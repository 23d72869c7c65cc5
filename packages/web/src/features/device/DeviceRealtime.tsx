import { type Action, type Device, MACHINE_MENU } from '@gw/contracts';
import { Empty, Flex, Spin } from 'antd';
import type { DetailTab } from '../../components/ResourceTable';
import { useDeviceMachines } from './api';
import { MachineRealtimeCard } from '../../components/MachineRealtime';
import { useLiveRealtime } from '../../components/MachineRealtime/realtimeApi';

const T = { tab: '实时数据', noMachines: '该网关下没有机床' } as const;

/** 实时数据: a card per machine tool of the box with its latest values, kept current by the live channel. */
export function DeviceRealtime({ deviceId }: { deviceId: number }) {
  const machines = useDeviceMachines(deviceId);
  useLiveRealtime(deviceId);
  if (machines.isPending) return <Flex justify="center">
      <Spin />
    </Flex>;
  if (!machines.data?.length) return <Empty description={T.noMachines} />;
  return (
    <Flex vertical gap="middle">
      {machines.data.map((machine) => (
        <MachineRealtimeCard key={machine.id} machine={machine} />
      ))}
    </Flex>
  );
}

/** The drawer's 实时数据 tab, for whoever may read the box's machine tools. */
export const realtimeTabs = (can: (menu: string, action: Action) => boolean): DetailTab<Device>[] =>
  can(MACHINE_MENU, 'query') ? [{ key: 'realtime', label: T.tab, render: (device) => <DeviceRealtime deviceId={device.id} /> }] : [];
