import type { MachineTrendDay } from '@gw/contracts';
import { Card, Col, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { Chart } from '../../components/Chart';
import { CHART_PRIMARY, STATE_COLORS } from '../../components/Chart/theme';
import { useMachineTrends } from './api';
import { M } from './messages';

/** How many days the card looks back, today included. */
const DAYS = 7;
/** A share as the charts print it: 0.4567 → 45.7 (%). */
const percent = (share: number) => Math.round(share * 1000) / 10;
/** A day as its axis label: 2026-11-28 → 11-28. */
const label = (date: string) => date.slice(5);
/** 稼动率's line: the colour of 运行, so it reads as running time. */
const RUNNING = STATE_COLORS.running;

/** Parts per day as bars on the left axis, 稼动率 as a line on the right one (0–100 %). */
const outputOption = (days: MachineTrendDay[]) => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 8, right: 8, top: 32, bottom: 8 },
  xAxis: { type: 'category', data: days.map((d) => label(d.date)) },
  yAxis: [
    { type: 'value', name: M.trends.pieces, minInterval: 1 },
    { type: 'value', name: '%', min: 0, max: 100, splitLine: { show: false } },
  ],
  series: [
    { type: 'bar', name: M.trends.parts, data: days.map((d) => d.parts), itemStyle: { color: CHART_PRIMARY } },
    { type: 'line', name: M.trends.utilisation, yAxisIndex: 1, data: days.map((d) => percent(d.utilisation)), itemStyle: { color: RUNNING }, tooltip: { valueFormatter: (v: number) => `${v}%` } },
  ],
});

/** Alarms started per day as bars, in the colour of 报警. */
const alarmsOption = (days: MachineTrendDay[]) => ({
  tooltip: { trigger: 'axis' },
  grid: { left: 8, right: 8, top: 32, bottom: 8 },
  xAxis: { type: 'category', data: days.map((d) => label(d.date)) },
  yAxis: { type: 'value', name: M.trends.count, minInterval: 1 },
  series: [{ type: 'bar', name: M.trends.alarmCount, data: days.map((d) => d.alarms), itemStyle: { color: STATE_COLORS.alarm } }],
});

/**
 * 近 7 日趋势: the user's machine tools per day — parts and 稼动率 (today's point is 今日产量's), and alarms started
 * (today's is 今日报警's count). Each chart is named for screen readers with every day's figures in words.
 */
export function TrendsCard() {
  const trends = useMachineTrends(DAYS);
  const days = trends.data?.days;
  const output = useMemo(() => (days ? outputOption(days) : {}), [days]);
  const alarms = useMemo(() => (days ? alarmsOption(days) : {}), [days]);
  const outputWords = days ? M.trends.outputSummary(days.length, days.map((d) => M.trends.outputDay(label(d.date), d.parts, percent(d.utilisation))).join(', ')) : M.trends.output;
  const alarmWords = days ? M.trends.alarmSummary(days.length, days.map((d) => M.trends.alarmDay(label(d.date), d.alarms)).join(', ')) : M.trends.alarms;
  return (
    <Card title={M.trends.title(DAYS)}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={14} data-testid="trends-output">
          <Typography.Text type="secondary">{M.trends.output}</Typography.Text>
          <div role="img" aria-label={outputWords}>
            <Chart height={220} loading={trends.isPending} empty={days?.length === 0} option={output} />
          </div>
        </Col>
        <Col xs={24} md={10} data-testid="trends-alarms">
          <Typography.Text type="secondary">{M.trends.alarms}</Typography.Text>
          <div role="img" aria-label={alarmWords}>
            <Chart height={220} loading={trends.isPending} empty={days?.length === 0} option={alarms} />
          </div>
        </Col>
      </Row>
    </Card>
  );
}
