import { type ReactNode, lazy } from 'react';
import { DeviceDrawerContext, type DeviceDrawerProps } from '../components/DeviceDrawer';

/** The device feature's 设备详情, its code loaded when a page first opens a box. */
const DeviceDrawer = lazy(() => import('../features/device/deviceTabs').then((module) => ({ default: module.DeviceDrawer })));
const deviceDrawer = (props: DeviceDrawerProps) => <DeviceDrawer {...props} />;

/**
 * What the frame hands its pages of other features (a feature imports no other feature): the device feature's
 * 设备详情 for the boxes of GIS 地图.
 */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return <DeviceDrawerContext value={deviceDrawer}>{children}</DeviceDrawerContext>;
}
