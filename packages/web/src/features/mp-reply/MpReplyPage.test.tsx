import { ACTION, MP_REPLY_TEST_PATH } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, json, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import MpReplyPage from './MpReplyPage';
import { N, P, notices, rule, rules } from './testing';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const XML = '<xml><ToUserName><![CDATA[o-user]]></ToUserName><Content><![CDATA[请致电 400-000-0000]]></Content></xml>';

let calls: ApiCall[];
let createAnswer: (body: unknown) => unknown;
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  createAnswer = (body) => ok(rule({ id: 9, ...(body as object) }));
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok(rules), count: rules.length }),
    [`GET ${P}/1`]: () => ok(rules[0]),
    [`POST ${P}`]: (body) => createAnswer(body),
    [`PUT ${P}/1`]: (body) => ok(rule(body as object)),
    [`PUT ${P}/3`]: (body) => ok(rule({ ...rules[2], ...(body as object) })),
    [`POST ${MP_REPLY_TEST_PATH}`]: () => ok({ rule_id: 1, rule_name: '价格咨询', reason: '关键词“价格”(包含)', xml: XML }),
    [`GET ${N}`]: () => ({ ...ok(notices), count: notices.length }),
    [`POST ${N}/2/resend`]: () => ({ ...ok(null), message: '已重新加入发送队列' }),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

describe('自动回复', { timeout: 60_000 }, () => {
  it('lists the rules: trigger tags, keywords as tags, match and reply type by their titles, hits', async () => {
    renderInShell(<MpReplyPage />, P);
    await screen.findByText('价格咨询');
    const keyword = within(rowOf('价格咨询'));
    expect(keyword.getByText('关键词回复')).toHaveClass('ant-tag');
    expect(keyword.getByText('价格')).toHaveClass('ant-tag');
    expect(keyword.getByText('报价')).toHaveClass('ant-tag');
    expect(keyword.getByText('包含')).toBeInTheDocument();
    expect(keyword.getByText('文本')).toBeInTheDocument();
    expect(keyword.getByText('12')).toBeInTheDocument();
    expect(keyword.getByRole('switch')).toBeChecked();
    expect(within(rowOf('关注欢迎')).getByText('关注回复')).toBeInTheDocument();
    const fallback = within(rowOf('兜底回复'));
    expect(fallback.getByText('默认回复')).toBeInTheDocument();
    expect(fallback.getByText('图片')).toBeInTheDocument();
    expect(fallback.getByRole('switch')).not.toBeChecked();
    for (const title of ['规则名称', '触发方式', '关键词', '匹配方式', '回复类型', '优先级', '启用', '命中次数', '最近命中']) {
      expect(screen.getAllByText(title, { selector: 'th *, th' }).length).toBeGreaterThan(0);
    }
  });

  it('creates a keyword rule: keywords as an array with the match, reply type and priority', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<MpReplyPage />, P);
    await screen.findByText('价格咨询');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(await modal('新增自动回复'));
    await user.click(form.getByText(twoChars('确定')));
    expect(await form.findByText('请输入规则名称')).toBeInTheDocument();
    expect(await form.findByText('请输入关键词')).toBeInTheDocument();
    expect(await form.findByText('请输入回复内容')).toBeInTheDocument();
    await user.type(form.getByLabelText('规则名称'), '售后');
    await user.type(form.getByLabelText('关键词'), '维修{enter}保修{enter}');
    await user.click(form.getByText('包含'));
    await user.type(form.getByLabelText('回复内容'), '请拨打售后电话');
    await user.clear(form.getByLabelText('优先级'));
    await user.type(form.getByLabelText('优先级'), '20');
    expect(form.getByText('数值越大越优先')).toBeInTheDocument();
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual([
      'POST',
      P,
      { name: '售后', trigger: 'keyword', keywords: ['维修', '保修'], match: 'contains', reply_type: 'text', content: '请拨打售后电话', priority: 20, enabled: true },
    ]);
  });

  it('refuses an unsafe regular expression before posting, and shows a server refusal in the open form', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<MpReplyPage />, P);
    await screen.findByText('价格咨询');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(await modal('新增自动回复'));
    await user.type(form.getByLabelText('规则名称'), '型号');
    await user.type(form.getByLabelText('关键词'), '(a+)+${enter}');
    await user.click(form.getByText('正则'));
    expect(await form.findByText('正则表达式可能导致回溯过慢, 请简化: (a+)+$')).toBeInTheDocument();
    await user.type(form.getByLabelText('回复内容'), '型号列表');
    await user.click(form.getByText(twoChars('确定')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(writes(calls)).toEqual([]);
    // a safe one passes the form; the server's own refusal is said and the form stays open
    createAnswer = () => json({ code: 400, message: '参数错误: 关键词重复', data: null }, 400);
    // each step waits for what it shows: on a loaded machine the tags and the form's checks re-render late
    // the unsafe keyword's tag is closed by its ×, as a person does
    await user.click(form.getByTitle('(a+)+$').querySelector('.ant-select-selection-item-remove')!);
    await waitFor(() => expect(form.queryByTitle('(a+)+$')).toBeNull());
    await user.type(form.getByLabelText('关键词'), '^GW-\\d+${enter}');
    expect(await form.findByTitle('^GW-\\d+$')).toBeInTheDocument();
    await waitFor(() => expect(form.queryByText(/回溯过慢/)).toBeNull());
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0][2]).toMatchObject({ keywords: ['^GW-\\d+$'], match: 'regex' });
    expect(await screen.findByText('参数错误: 关键词重复', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(screen.getByText('新增自动回复', { selector: '.ant-modal-title' })).toBeVisible();
  });

  it('edits a keyword rule into a welcome: its keywords go', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<MpReplyPage />, P);
    await screen.findByText('价格咨询');
    await user.click(within(rowOf('价格咨询')).getByText(twoChars('编辑')));
    const form = within(await modal('编辑自动回复'));
    expect(form.getByLabelText('规则名称')).toHaveValue('价格咨询');
    await user.click(form.getByText('关注回复'));
    await waitFor(() => expect(form.queryByLabelText('关键词')).toBeNull());
    expect(form.queryByText('匹配方式')).toBeNull();
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual(['PUT', `${P}/1`, expect.objectContaining({ trigger: 'subscribe', keywords: [], content: '请致电 400-000-0000' })]);
  });

  it('adds a 图文 reply of one article, its link checked', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<MpReplyPage />, P);
    await screen.findByText('价格咨询');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(await modal('新增自动回复'));
    await user.type(form.getByLabelText('规则名称'), '产品介绍');
    await user.click(form.getByText('默认回复'));
    await waitFor(() => expect(form.queryByLabelText('关键词')).toBeNull());
    await user.click(form.getByText('图文'));
    expect(await form.findByText('添加图文')).toBeInTheDocument();
    await user.click(form.getByText(twoChars('确定')));
    expect(await form.findByText('请添加至少一条图文')).toBeInTheDocument();
    await user.click(form.getByText('添加图文'));
    await user.type(form.getByLabelText('标题'), '新品发布');
    await user.type(form.getByLabelText('链接'), 'javascript:alert(1)');
    expect(await form.findByText('只允许 http:// 或 https:// 开头的网址')).toBeInTheDocument();
    await user.clear(form.getByLabelText('链接'));
    await user.type(form.getByLabelText('链接'), 'https://example.com/new');
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0][2]).toMatchObject({
      trigger: 'default',
      keywords: [],
      reply_type: 'news',
      articles: [{ title: '新品发布', description: '', pic_url: '', url: 'https://example.com/new' }],
    });
  });

  it('switches a rule on from its row', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<MpReplyPage />, P);
    await screen.findByText('兜底回复');
    await user.click(within(rowOf('兜底回复')).getByRole('switch'));
    await waitFor(() => expect(writes(calls)).toEqual([['PUT', `${P}/3`, { enabled: true }]]));
  });

  it('tests a message: posts {kind, content} and shows the rule, the reason and the reply XML', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<MpReplyPage />, P);
    await screen.findByText('价格咨询');
    await user.type(screen.getByLabelText('输入用户发送的消息'), '价格多少');
    await user.click(screen.getByText(twoChars('测试')));
    expect(await screen.findByText('关键词“价格”(包含)')).toBeInTheDocument();
    expect(writes(calls)).toEqual([['POST', MP_REPLY_TEST_PATH, { kind: 'text', content: '价格多少' }]]);
    expect(screen.getByText('命中规则').closest('tr')).toHaveTextContent('价格咨询');
    expect(screen.getByTestId('mp-reply-xml')).toHaveTextContent(XML);
    await user.click(screen.getByText('扫码事件'));
    await user.click(screen.getByText(twoChars('测试')));
    await waitFor(() => expect(writes(calls).at(-1)).toEqual(['POST', MP_REPLY_TEST_PATH, { kind: 'scan', content: '价格多少' }]));
  });

  it('says 无匹配规则 when nothing answers', async () => {
    mockApi({
      [`GET ${P}`]: () => ({ ...ok(rules), count: rules.length }),
      [`POST ${MP_REPLY_TEST_PATH}`]: () => ok({ rule_id: null, rule_name: '', reason: '无匹配规则', xml: 'success' }),
    });
    const user = userEvent.setup({ delay: null });
    renderInShell(<MpReplyPage />, P);
    await screen.findByText('价格咨询');
    await user.click(screen.getByText('关注事件'));
    await user.click(screen.getByText(twoChars('测试')));
    expect(await screen.findByTestId('mp-reply-xml')).toHaveTextContent('success');
    expect(screen.getByText('命中规则').closest('tr')).toHaveTextContent('无匹配规则');
  });

  it('lists the outbox: 未发送 with its reason, and 重新发送 only there', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<MpReplyPage />, P);
    await screen.findByText('价格咨询');
    await user.click(screen.getByText('通知发件箱'));
    await screen.findByText('授权即将到期: GW-002');
    const unsent = within(rowOf('授权即将到期: GW-002'));
    expect(unsent.getByText('未发送')).toHaveClass('ant-tag-warning');
    expect(unsent.getByText('公众号未配置')).toBeInTheDocument();
    expect(unsent.getByText('授权到期')).toBeInTheDocument();
    expect(within(rowOf('设备告警: GW-001')).getByText('已发送')).toHaveClass('ant-tag-success');
    expect(within(rowOf('设备告警: GW-003')).getByText('待发送')).toHaveClass('ant-tag-processing');
    expect(within(rowOf('设备告警: GW-001')).queryByText('重新发送')).toBeNull();
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
    await user.click(unsent.getByText('重新发送'));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${N}/2/resend`, undefined]]));
    expect(await screen.findByText('已重新加入发送队列', { selector: '.ant-message *' })).toBeInTheDocument();
  });

  it('offers no writes to a user who may only query', async () => {
    useUserStore.setState({ info: userInfo({ scope: 'all', role_menu: [{ menu: P, action: ACTION.query }] }) });
    renderInShell(<MpReplyPage />, P);
    await screen.findByText('价格咨询');
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
    expect(within(rowOf('价格咨询')).queryByText(twoChars('编辑'))).toBeNull();
    expect(within(rowOf('价格咨询')).queryByText(twoChars('删除'))).toBeNull();
    expect(within(rowOf('价格咨询')).getByRole('switch')).toBeDisabled();
  });
});
