import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, Space, Tag } from 'antd';
import { useState } from 'react';
import { useUserStore } from '../../stores/user';
import { imageUrl } from '../../utils/image';
import { useCustomInfo } from './api';
import { CompanyDialog } from './CompanyDialog';
import { M } from './messages';
import { ProfileDialog } from './ProfileDialog';

/** Who is logged in and for which company, with the two edit dialogs. */
export function CompanyCard() {
  const info = useUserStore((s) => s.info);
  const hasCompany = info?.customer_id != null;
  const company = useCustomInfo(hasCompany);
  const [dialog, setDialog] = useState<'profile' | 'company' | null>(null);
  const close = () => setDialog(null);

  return (
    <Card
      title={M.companyCard}
      extra={
        <Space>
          <Button onClick={() => setDialog('profile')}>{M.editProfile}</Button>
          {hasCompany && (
            <Button type="primary" onClick={() => setDialog('company')}>
              {M.editCompany}
            </Button>
          )}
        </Space>
      }
    >
      <Space align="start" size="large">
        <Avatar size={64} src={info?.avatar ? imageUrl(info.avatar) : undefined} icon={<UserOutlined />} />
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={M.fields.companyName}>{company.data?.company_name ?? info?.custom?.company_name ?? M.noCompany}</Descriptions.Item>
          <Descriptions.Item label={M.fields.username}>{info?.username}</Descriptions.Item>
          <Descriptions.Item label={M.fields.name}>{info?.name}</Descriptions.Item>
          <Descriptions.Item label={M.fields.roles}>
            {info?.roles.map((r) => (
              <Tag key={r.id}>{r.name}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={M.fields.email}>{info?.email}</Descriptions.Item>
          <Descriptions.Item label={M.fields.phone}>{info?.phone}</Descriptions.Item>
          {company.data && <Descriptions.Item label={M.fields.contact}>{company.data.contact}</Descriptions.Item>}
          {company.data && <Descriptions.Item label={M.fields.address}>{company.data.address.split('|')[0]}</Descriptions.Item>}
        </Descriptions>
      </Space>
      <ProfileDialog open={dialog === 'profile'} onClose={close} />
      {hasCompany && <CompanyDialog open={dialog === 'company'} company={company.data} onClose={close} />}
    </Card>
  );
}
