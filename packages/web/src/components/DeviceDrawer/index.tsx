import { type ReactNode, createContext, useContext } from 'react';

export interface DeviceDrawerProps {
  /** The box shown; null closes the drawer. */
  id: number | null;
  onClose: () => void;
}

/**
 * 设备详情, the drawer of one box, as the console hands it to pages outside the device feature (GIS 地图 opens a
 * box from its point): a feature imports no other feature, so the frame provides the device feature's drawer here
 * (app/slots.tsx).
 */
export const DeviceDrawerContext = createContext<((props: DeviceDrawerProps) => ReactNode) | null>(null);

/**
 * The provided drawer of the box `id`, nothing where none is provided. It may load its code on first use: render
 * it inside a Suspense.
 * @example <Suspense><DeviceDrawer id={picked} onClose={() => setPicked(null)} /></Suspense>
 */
export function DeviceDrawer(props: DeviceDrawerProps) {
  const render = useContext(DeviceDrawerContext);
  return render ? render(props) : null;
}
