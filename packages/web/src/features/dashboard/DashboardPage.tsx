import { DEVICE_PATH, GOODS_PATH, LICENSE_MENU, MACHINE_MENU } from '@gw/contracts';
import { Col, type ColProps, Row } from 'antd';
import type { ReactNode } from 'react';
import { useCan, useVendorSession } from '../../utils/permission';
import { CompanyCard } from './CompanyCard';
import styles from './DashboardPage.module.css';
import { DeviceStatsCard } from './DeviceStatsCard';
import { DownloadZone } from './DownloadZone';
import { ExpiringLicensesCard } from './ExpiringLicensesCard';
import { MachineStatesCard } from './MachineStatesCard';
import { OutputTodayCard } from './OutputTodayCard';
import { StockCard } from './StockCard';
import { TodayAlarmsCard } from './TodayAlarmsCard';
import { TrendsCard } from './TrendsCard';

/** A card in the grid, full width on phones and tablets, `xl` of 24 on a wide screen, as tall as its row. */
function Cell({ xl, children, testId }: { xl: ColProps['xl']; children: ReactNode; testId: string }) {
  return (
    <Col xs={24} xl={xl} className={styles.cell} data-testid={testId}>
      {children}
    </Col>
  );
}

/**
 * 首页, in the order people look: for whoever may query machine tools 机床状态 and 今日报警, then 今日产量 and
 * the 7 days' trends (all live); for whoever may list boxes 设备统计信息; the company card and the download zone;
 * and for the vendor's staff (the session's scope is all) the licences about to end and the stock per type. On a
 * phone the cards stack in that order. Each row's widths add up to 24 whichever cards the user has, and a card
 * fills its row's height, so no empty band opens between cards.
 */
export default function DashboardPage() {
  const can = useCan();
  const vendor = useVendorSession();
  const expiring = vendor && can(LICENSE_MENU, 'query');
  const stock = vendor && can(GOODS_PATH, 'query');
  return (
    <Row gutter={[16, 16]}>
      {can(MACHINE_MENU, 'query') && (
        <>
          <Cell xl={9} testId="cell-machine-states">
            <MachineStatesCard />
          </Cell>
          <Cell xl={15} testId="cell-today-alarms">
            <TodayAlarmsCard />
          </Cell>
          <Cell xl={10} testId="cell-output-today">
            <OutputTodayCard />
          </Cell>
          <Cell xl={14} testId="cell-trends">
            <TrendsCard />
          </Cell>
        </>
      )}
      {can(DEVICE_PATH, 'query') && (
        <Cell xl={24} testId="cell-device-stats">
          <DeviceStatsCard />
        </Cell>
      )}
      <Cell xl={16} testId="cell-company">
        <CompanyCard />
      </Cell>
      <Cell xl={8} testId="cell-downloads">
        <DownloadZone />
      </Cell>
      {expiring && (
        <Cell xl={stock ? 12 : 24} testId="cell-expiring">
          <ExpiringLicensesCard />
        </Cell>
      )}
      {stock && (
        <Cell xl={expiring ? 12 : 24} testId="cell-stock">
          <StockCard />
        </Cell>
      )}
    </Row>
  );
}
