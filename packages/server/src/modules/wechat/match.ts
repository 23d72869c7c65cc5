import { MP_MATCH_MAX_INPUT, MP_MATCH_TITLES, type MpReply, WECHAT_BIND_COMMAND_RE } from '@gw/contracts';

/** What came in, as far as choosing a reply goes. */
export type Inbound =
  | { kind: 'text'; content: string }
  /** A follow, or a scan of the account's QR code (with a scene or not). */
  | { kind: 'subscribe' }
  | { kind: 'unsubscribe' }
  /** A message other than text (a picture, a voice, a location): only the default rule answers it. */
  | { kind: 'message' }
  /** Any other event (a menu click, a notice's delivery report): nothing to say. */
  | { kind: 'event' };

/** The fields of a rule that choosing one reads. */
export type MatchRule = Pick<MpReply, 'id' | 'name' | 'trigger' | 'keywords' | 'match' | 'priority' | 'enabled'>;

export type Choice<R extends MatchRule> =
  | { kind: 'bind'; code: string; reason: string }
  | { kind: 'rule'; rule: R; reason: string }
  | { kind: 'none'; reason: string };

export const REASON = {
  bind: '绑定指令',
  default: '默认回复',
  subscribe: '关注回复',
  none: '无匹配规则: 答复 success',
  keyword: (keyword: string, rule: MatchRule) => `关键词“${keyword}”(${MP_MATCH_TITLES[rule.match]})`,
} as const;

/** Only latin letters fold: a keyword "ABC" meets "abc", other scripts are compared as written. */
const foldLatin = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The first keyword of the rule that the text meets, or undefined. */
export function keywordHit(rule: Pick<MatchRule, 'keywords' | 'match'>, text: string): string | undefined {
  const input = foldLatin(text.trim());
  return rule.keywords.find((keyword) => {
    if (rule.match === 'exact') return input === foldLatin(keyword.trim());
    if (rule.match === 'contains') return keyword.trim() !== '' && input.includes(foldLatin(keyword.trim()));
    // patterns were checked safe when saved; a long message is still not run through them
    if (text.length > MP_MATCH_MAX_INPUT) return false;
    try {
      return new RegExp(keyword, 'u').test(text);
    } catch {
      return false;
    }
  });
}

/** Higher priority first, the older rule first among equals. */
const byPick = (a: MatchRule, b: MatchRule) => b.priority - a.priority || a.id - b.id;

/**
 * The reply a message gets: a text `绑定 <code>` binds before any rule; else the first enabled keyword rule
 * that matches, else the enabled default rule (which also answers pictures and the like); a follow gets the
 * subscribe rule; an unfollow or another event nothing.
 */
export function chooseReply<R extends MatchRule>(inbound: Inbound, rules: readonly R[]): Choice<R> {
  const enabled = rules.filter((r) => r.enabled).sort(byPick);
  const first = (trigger: MatchRule['trigger']) => enabled.find((r) => r.trigger === trigger);
  if (inbound.kind === 'text') {
    const bind = WECHAT_BIND_COMMAND_RE.exec(inbound.content);
    if (bind) return { kind: 'bind', code: bind[1], reason: REASON.bind };
    for (const rule of enabled) {
      if (rule.trigger !== 'keyword') continue;
      const keyword = keywordHit(rule, inbound.content);
      if (keyword !== undefined) return { kind: 'rule', rule, reason: REASON.keyword(keyword, rule) };
    }
  }
  if (inbound.kind === 'text' || inbound.kind === 'message') {
    const rule = first('default');
    if (rule) return { kind: 'rule', rule, reason: REASON.default };
  }
  if (inbound.kind === 'subscribe') {
    const rule = first('subscribe');
    if (rule) return { kind: 'rule', rule, reason: REASON.subscribe };
  }
  return { kind: 'none', reason: REASON.none };
}
