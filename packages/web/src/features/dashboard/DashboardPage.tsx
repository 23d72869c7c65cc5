import { DEVICE_PATH } from '@gw/contracts';
import { Col, Row } from 'antd';
import { useCan } from '../../utils/permission';
import { CompanyCard } from './CompanyCard';
import { DeviceStatsCard } from './DeviceStatsCard';
import { DownloadZone } from './DownloadZone';

/** 首页: the company card, the download zone and, for whoever may list boxes, 设备统计信息. */
export default function DashboardPage() {
  const can = useCan();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <CompanyCard />
      </Col>
      <Col xs={24} xl={8}>
        <DownloadZone />
      </Col>
      {can(DEVICE_PATH, 'query') && (
        <Col xs={24} xl={16}>
          <DeviceStatsCard />
        </Col>
      )}
    </Row>
  );
}
