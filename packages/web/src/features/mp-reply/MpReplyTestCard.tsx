import { MP_TEST_KINDS, type MpReplyTest } from '@gw/contracts';
import { Button, Card, Descriptions, Flex, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useMpReplyTest } from './api';
import { M } from './messages';

type Kind = MpReplyTest['kind'];

/**
 * 回复测试: a text message, a follow or a scan as a user would send it, answered with the rule it hits (or
 * 无匹配规则), why, and the reply XML the account would send. Nothing reaches WeChat.
 */
export function MpReplyTestCard() {
  const [kind, setKind] = useState<Kind>('text');
  const [content, setContent] = useState('');
  const test = useMpReplyTest();
  const result = test.data;
  const run = () => test.mutate({ kind, content });
  return (
    <Card size="small" title={M.testTitle} style={{ marginBottom: 12 }}>
      <Typography.Paragraph type="secondary">{M.testHint}</Typography.Paragraph>
      <Flex gap={8} wrap align="center">
        <Segmented<Kind> value={kind} onChange={setKind} options={MP_TEST_KINDS.map((value) => ({ value, label: M.testKinds[value] }))} />
        <Input
          aria-label={M.testPlaceholder[kind]}
          placeholder={M.testPlaceholder[kind]}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          onPressEnter={run}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="primary" loading={test.isPending} onClick={run}>
          {M.test}
        </Button>
      </Flex>
      {result && (
        <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
          <Descriptions.Item label={M.hitRule}>{result.rule_id === null ? <Typography.Text type="secondary">{result.rule_name || M.noRule}</Typography.Text> : result.rule_name}</Descriptions.Item>
          <Descriptions.Item label={M.reason}>{result.reason}</Descriptions.Item>
          <Descriptions.Item label={M.replyXml}>
            <pre data-testid="mp-reply-xml" style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {result.xml}
            </pre>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
