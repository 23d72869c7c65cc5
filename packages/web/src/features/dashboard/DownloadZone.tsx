import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useDownloads } from './api';
import { M } from './messages';

/** Files administrators publish through the `downloads` config item (VPN configuration, client installers). */
export function DownloadZone() {
  const { data, isLoading } = useDownloads();
  const items = data ?? [];
  return (
    <Card title={M.downloads} data-testid="download-zone">
      {isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
      {!isLoading && !items.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={M.noDownloads} />}
      <Flex vertical gap={12}>
        {items.map((item) => (
          <Flex key={item.url} justify="space-between" align="center" gap={8}>
            <div>
              <Typography.Text strong>{item.title}</Typography.Text>
              {item.description && <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{item.description}</Typography.Paragraph>}
            </div>
            <Button type="link" icon={<DownloadOutlined />} href={item.url} target="_blank" rel="noopener" download>
              {M.download}
            </Button>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
