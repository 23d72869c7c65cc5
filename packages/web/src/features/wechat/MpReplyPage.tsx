import { Result } from 'antd';

/** 自动回复: being built. */
export default function MpReplyPage() {
  return <Result status="info" title="建设中" />;
}
