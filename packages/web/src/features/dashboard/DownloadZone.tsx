import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, List } from 'antd';
import { useDownloads } from './api';
import { M } from './messages';

/** Files administrators publish through the `downloads` config item (VPN configuration, client installers). */
export function DownloadZone() {
  const { data, isLoading } = useDownloads();
  return (
    <Card title={M.downloads} data-testid="download-zone">
      <List
        loading={isLoading}
        dataSource={data ?? []}
        locale={{ emptyText: M.noDownloads }}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="get" type="link" icon={<DownloadOutlined />} href={item.url} target="_blank" rel="noopener" download>
                {M.download}
              </Button>,
            ]}
          >
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
    </Card>
  );
}
