import type { ShortUrl, ShortUrlVisits } from '@gw/contracts';
import { Modal, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { Chart } from '../../components/Chart';
import { useVisits } from './api';
import { M } from './messages';

export const VISIT_DAYS = 30;

/** Visits per day as bars, the days as MM-DD, whole numbers on the axis. */
export function visitsOption(days: ShortUrlVisits) {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: M.visitsSeries, type: 'bar', data: days.map((d) => d.visits) }],
  };
}

/** 访问统计 of a link: its visits per day over the last 30 days (China time, as the server counts), with the total. */
export function VisitsDialog({ link, open, onClose }: { link: ShortUrl; open: boolean; onClose: () => void }) {
  const visits = useVisits(open ? link.id : null, VISIT_DAYS);
  const days = visits.data;
  const option = useMemo(() => visitsOption(days ?? []), [days]);
  const recent = days?.reduce((sum, d) => sum + d.visits, 0) ?? 0;
  return (
    <Modal title={M.visitsTitle(link.code)} open={open} onCancel={onClose} footer={null} destroyOnHidden width={760}>
      <Space size="large" style={{ marginBottom: 12 }}>
        {days && <Typography.Text strong>{M.recentTotal(VISIT_DAYS, recent)}</Typography.Text>}
        <Typography.Text type="secondary">{M.allTotal(link.visits)}</Typography.Text>
      </Space>
      <Chart height={320} loading={visits.isFetching} empty={!!days && !days.length} option={option} notMerge />
    </Modal>
  );
}
