import { App as AntApp } from 'antd';
import { Layout } from '../layout/Layout';
import { useMessageBridge } from './providers';
import { FeatureSlots } from './slots';

/** While the frame is up, toasts from outside React go through App's message API too, stacking with the navbar's. */
function FrameToasts() {
  const { message } = AntApp.useApp();
  useMessageBridge(message);
  return null;
}

/**
 * The frame inside antd's App (the navbar uses App.useApp). App comes with the frame rather than with the
 * providers because its modal hook would bring antd's Modal onto the login page.
 */
export function LayoutFrame() {
  return (
    <AntApp>
      <FrameToasts />
      <FeatureSlots>
        <Layout />
      </FeatureSlots>
    </AntApp>
  );
}
