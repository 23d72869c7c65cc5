import { Result } from 'antd';

/** 短链接: being built. */
export default function ShortUrlListPage() {
  return <Result status="info" title="建设中" />;
}
