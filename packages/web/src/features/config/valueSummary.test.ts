import { describe, expect, it } from 'vitest';
import { configValueSummary } from './valueSummary';

describe('configValueSummary: what the list shows of a value', () => {
  it('names the entries of 下载专区 and the OEE shifts, never their JSON', () => {
    const downloads = JSON.stringify([{ title: 'VPN 客户端', url: '/a' }, { title: '说明书', url: '/b' }, { title: '驱动', url: '/c' }, { title: '固件', url: '/d' }]);
    expect(configValueSummary('downloads', downloads)).toBe('4 项: VPN 客户端、说明书、驱动 …');
    expect(configValueSummary('downloads', '[]')).toBe('无');
    const shifts = JSON.stringify([{ name: '白班', start: '08:00', end: '20:00' }]);
    expect(configValueSummary('oee_shifts', shifts)).toBe('1 项: 白班 08:00–20:00');
  });

  it('sums up a WeChat template, names the message mode in Chinese and leaves plain text alone', () => {
    const template = JSON.stringify({ template_id: 'tpl-1', data: { thing1: '{gateway_id}', time2: '{time}' } });
    expect(configValueSummary('wechat_template_alarm', template)).toBe('模板 tpl-1, 2 个字段');
    expect(configValueSummary('wechat_mode', 'safe')).toBe('安全');
    expect(configValueSummary('site_title', '智能网关管理系统')).toBe('智能网关管理系统');
    expect(configValueSummary('note', '[重要] 周五停机')).toBe('[重要] 周五停机');
    expect(configValueSummary('amap_key', '')).toBe('');
  });

  it('shows another key’s JSON by what it holds: a one-field object as its value, more as a count', () => {
    expect(configValueSummary('hotline', '{"phone": "400-000-0000"}')).toBe('400-000-0000');
    expect(configValueSummary('contacts', '{"sales": "张三", "service": "李四"}')).toBe('2 项: 张三、李四');
    expect(configValueSummary('regions', '[{"name": "华东"}, {"name": "华南"}]')).toBe('2 项: 华东、华南');
    expect(configValueSummary('broken', '{"a": ')).toBe('{"a": ');
  });
});
