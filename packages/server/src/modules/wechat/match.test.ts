import { describe, expect, it } from 'vitest';
import { type MatchRule, chooseReply } from './match.js';

let nextId = 1;
const rule = (r: Partial<MatchRule>): MatchRule => ({ id: nextId++, name: `r${nextId}`, trigger: 'keyword', keywords: [], match: 'exact', priority: 0, enabled: true, ...r });
const text = (content: string) => ({ kind: 'text', content }) as const;

describe('choosing a reply', () => {
  const price = rule({ name: '价格', keywords: ['价格', 'price'], match: 'contains', priority: 5 });
  const exactHi = rule({ name: '问候', keywords: ['Hello'], match: 'exact', priority: 5 });
  const regex = rule({ name: '订单号', keywords: ['^GW\\d{4}$'], match: 'regex', priority: 1 });
  const highDefault = rule({ name: '默认高', trigger: 'default', priority: 9 });
  const lowDefault = rule({ name: '默认低', trigger: 'default', priority: 1 });
  const welcome = rule({ name: '欢迎', trigger: 'subscribe' });
  const disabledTop = rule({ name: '停用', keywords: ['价格'], match: 'contains', priority: 99, enabled: false });
  const rules = [lowDefault, regex, price, exactHi, highDefault, welcome, disabledTop];

  it('takes the enabled keyword rule of the highest priority, the older first among equals', () => {
    const newer = rule({ name: '价格二', keywords: ['价格'], match: 'contains', priority: 5 });
    const higher = rule({ name: '价格高', keywords: ['多少钱'], match: 'contains', priority: 8 });
    const choice = chooseReply(text('请问价格多少钱'), [newer, ...rules, higher]);
    expect(choice).toMatchObject({ kind: 'rule', rule: { name: '价格高' }, reason: '关键词“多少钱”(包含)' });
    expect(chooseReply(text('请问价格'), [newer, ...rules])).toMatchObject({ rule: { name: '价格' }, reason: '关键词“价格”(包含)' });
  });

  it('matches exact as the whole trimmed message (latin letters in any case), contains as a part, regex as written', () => {
    expect(chooseReply(text('  hello '), rules)).toMatchObject({ rule: { name: '问候' }, reason: '关键词“Hello”(全匹配)' });
    expect(chooseReply(text('hello there'), rules)).toMatchObject({ rule: { name: '默认高' } });
    expect(chooseReply(text('PRICE list'), rules)).toMatchObject({ rule: { name: '价格' } });
    expect(chooseReply(text('GW1234'), rules)).toMatchObject({ rule: { name: '订单号' }, reason: '关键词“^GW\\d{4}$”(正则)' });
    expect(chooseReply(text('gw1234'), rules)).toMatchObject({ rule: { name: '默认高' } });
  });

  it('falls back to the enabled default rule of the highest priority, or nothing', () => {
    expect(chooseReply(text('随便说说'), rules)).toMatchObject({ kind: 'rule', rule: { name: '默认高' }, reason: '默认回复' });
    expect(chooseReply(text('随便说说'), [price])).toEqual({ kind: 'none', reason: '无匹配规则: 答复 success' });
    expect(chooseReply({ kind: 'message' }, rules)).toMatchObject({ rule: { name: '默认高' } });
  });

  it('gives a follow the subscribe rule, an unfollow or another event nothing', () => {
    expect(chooseReply({ kind: 'subscribe' }, rules)).toMatchObject({ rule: { name: '欢迎' }, reason: '关注回复' });
    expect(chooseReply({ kind: 'subscribe' }, [price, highDefault])).toMatchObject({ kind: 'none' });
    expect(chooseReply({ kind: 'unsubscribe' }, rules)).toMatchObject({ kind: 'none' });
    expect(chooseReply({ kind: 'event' }, rules)).toMatchObject({ kind: 'none' });
  });

  it('reads 绑定 <code> before any rule', () => {
    const all = [rule({ keywords: ['绑定'], match: 'contains', priority: 99 }), ...rules];
    expect(chooseReply(text('绑定 012345'), all)).toEqual({ kind: 'bind', code: '012345', reason: '绑定指令' });
    expect(chooseReply(text('绑定012345'), all)).toMatchObject({ kind: 'bind', code: '012345' });
    expect(chooseReply(text('绑定 12345'), all)).toMatchObject({ kind: 'rule' });
  });

  it('does not run a regex over a message longer than the limit', () => {
    const any = rule({ keywords: ['.'], match: 'regex', priority: 50 });
    expect(chooseReply(text('x'.repeat(2049)), [any, lowDefault])).toMatchObject({ rule: { name: '默认低' } });
    expect(chooseReply(text('x'.repeat(2048)), [any, lowDefault])).toMatchObject({ rule: { id: any.id } });
  });
});
