import { describe, expect, it } from 'vitest';
import { configValueError } from '../config.js';
import { CONFIG_KEY } from '../config-keys.js';
import { fillTemplateField, noticeTemplateError, parseNoticeTemplate } from './template.js';

const alarm = JSON.stringify({ template_id: 'tpl-Alarm_1', data: { thing1: '{gateway_id} {machine}', character_string2: '{alarm_no}', time3: '{time}' } });

describe('WeChat template messages for notices (参数设置 wechat_template_alarm / wechat_template_license)', () => {
  it('takes empty (customer-service messages) and a template naming its kind’s facts', () => {
    expect(noticeTemplateError('alarm', '')).toBeNull();
    expect(noticeTemplateError('alarm', alarm)).toBeNull();
    expect(configValueError(CONFIG_KEY.wechatTemplateAlarm, alarm)).toBeNull();
    expect(noticeTemplateError('license_expiry', JSON.stringify({ template_id: 'x1', data: { first: '{title}', keyword1: '{device}', keyword2: '{exp}' }, url: 'https://gw.example.com/' }))).toBeNull();
  });

  it('refuses what WeChat could not take, saying what is wrong in Chinese', () => {
    expect(noticeTemplateError('alarm', '{template_id:')).toContain('应为 JSON');
    expect(noticeTemplateError('alarm', JSON.stringify({ data: { thing1: 'x' } }))).toMatch(/^template_id: /);
    expect(noticeTemplateError('alarm', JSON.stringify({ template_id: 'a', data: {} }))).toBe('data 至少要有一个字段');
    expect(noticeTemplateError('alarm', JSON.stringify({ template_id: 'a', data: { thing1: '{exp}' } }))).toContain('没有 {exp}');
    // a licence's facts are not an alarm's, and the other way round
    expect(configValueError(CONFIG_KEY.wechatTemplateLicense, alarm)).toContain('没有 {machine}');
    expect(noticeTemplateError('alarm', JSON.stringify({ template_id: 'a', data: { thing1: 'x' }, url: 'javascript:alert(1)' }))).toMatch(/^url: /);
    expect(noticeTemplateError('alarm', JSON.stringify({ template_id: 'a', data: { thing1: 'x' }, extra: 1 }))).toContain('应为 JSON');
  });

  it('fills a field with its facts and cuts it to WeChat’s limit for the field’s type', () => {
    const facts = { gateway_id: 'GW-0001', machine: '五轴加工中心一号机床(主轴箱)', alarm_no: 'EX1001' };
    expect(fillTemplateField('thing1', '{gateway_id} {machine}', facts)).toBe('GW-0001 五轴加工中心一号机床(主');
    expect([...fillTemplateField('thing1', '{gateway_id} {machine}', facts)]).toHaveLength(20);
    expect(fillTemplateField('character_string2', '{alarm_no}', facts)).toBe('EX1001');
    expect(fillTemplateField('keyword1', '{machine} {unknown}', facts)).toBe('五轴加工中心一号机床(主轴箱) {unknown}');
    expect(parseNoticeTemplate('alarm', alarm)).toEqual({ template_id: 'tpl-Alarm_1', data: { thing1: '{gateway_id} {machine}', character_string2: '{alarm_no}', time3: '{time}' } });
    expect(parseNoticeTemplate('alarm', '')).toBeNull();
    expect(parseNoticeTemplate('alarm', '{bad')).toBeNull();
  });
});
