import { Col, Row } from 'antd';
import { CompanyCard } from './CompanyCard';
import { DownloadZone } from './DownloadZone';

/** 首页: the company card and the download zone; the device statistics come with the fleet. */
export default function DashboardPage() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <CompanyCard />
      </Col>
      <Col xs={24} xl={8}>
        <DownloadZone />
      </Col>
    </Row>
  );
}
