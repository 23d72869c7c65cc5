import { DEVICE_PATH, GOODS_PATH, LICENSE_MENU, MACHINE_MENU } from '@gw/contracts';
import { Col, Row } from 'antd';
import { useCan, useVendorSession } from '../../utils/permission';
import { CompanyCard } from './CompanyCard';
import { DeviceStatsCard } from './DeviceStatsCard';
import { DownloadZone } from './DownloadZone';
import { ExpiringLicensesCard } from './ExpiringLicensesCard';
import { MachineStatesCard } from './MachineStatesCard';
import { OutputTodayCard } from './OutputTodayCard';
import { StockCard } from './StockCard';
import { TodayAlarmsCard } from './TodayAlarmsCard';

/**
 * 首页: the company card, the download zone, for whoever may list boxes 设备统计信息, and for whoever may query
 * machine tools 机床状态, 今日产量 and 今日报警, each live. The vendor's staff (the
 * session's scope is all) also see the licences about to end and the stock per type, each with 查询 on its page.
 */
export default function DashboardPage() {
  const can = useCan();
  const vendor = useVendorSession();
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
      {can(MACHINE_MENU, 'query') && (
        <>
          <Col xs={24} xl={8}>
            <MachineStatesCard />
          </Col>
          <Col xs={24} xl={10}>
            <OutputTodayCard />
          </Col>
          <Col xs={24} xl={14}>
            <TodayAlarmsCard />
          </Col>
        </>
      )}
      {vendor && can(LICENSE_MENU, 'query') && (
        <Col xs={24} xl={12}>
          <ExpiringLicensesCard />
        </Col>
      )}
      {vendor && can(GOODS_PATH, 'query') && (
        <Col xs={24} xl={12}>
          <StockCard />
        </Col>
      )}
    </Row>
  );
}
