import { Result } from 'antd';

/** Shown by every menu page that a later issue builds. */
export default function UnderConstructionPage() {
  return <Result status="info" title="建设中" subTitle="该功能正在建设中,敬请期待。" />;
}
