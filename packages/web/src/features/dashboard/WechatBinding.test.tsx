import { WECHAT_BIND_CODE_PATH, WECHAT_UNBIND_PATH } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { modal, twoChars, writes } from '../../test/ui';
import { ProfileDialog } from './ProfileDialog';

let calls: ApiCall[];
/** What GET /user/info answers now: the openid WeChat's side has bound, or ''. */
let openid: string;
beforeEach(() => {
  openid = '';
  useUserStore.setState({ token: 't', info: userInfo(), roles: ['operator'] });
  calls = mockApi({
    'GET /user/info': () => ok(userInfo({ wx_openid: openid })),
    [`POST ${WECHAT_BIND_CODE_PATH}`]: () => ok({ code: '482913', expires_at: '2026-03-02T02:10:00Z' }),
    [`POST ${WECHAT_UNBIND_PATH}`]: () => ok(null),
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

const wechatItem = async () => within((await modal('编辑个人信息')).querySelector<HTMLElement>('label[title="微信"]')!.closest<HTMLElement>('.ant-form-item')!);

describe('微信 in the profile', { timeout: 60_000 }, () => {
  it('gets a bind code to send to the official account, and notices the binding on 刷新状态', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<ProfileDialog open onClose={() => undefined} />);
    const wechat = await wechatItem();
    expect(wechat.getByText('未绑定')).toBeInTheDocument();
    await user.click(wechat.getByText('获取绑定码'));
    expect(await screen.findByTestId('wechat-bind-code')).toHaveTextContent('482913');
    expect(writes(calls)).toEqual([['POST', WECHAT_BIND_CODE_PATH, undefined]]);
    expect(wechat.getByText('请在 10 分钟内向公众号发送: 绑定 482913')).toBeInTheDocument();
    expect(wechat.getByText(/^有效期至 2026-03-02/)).toBeInTheDocument();
    expect(wechat.getByText('复制指令')).toBeInTheDocument();
    // not sent yet: still unbound
    await user.click(wechat.getByText('刷新状态'));
    expect(await screen.findByText('尚未绑定, 请确认已向公众号发送绑定指令', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(wechat.getByText('未绑定')).toBeInTheDocument();
    // sent on WeChat: the profile turns bound without a reload
    openid = 'o-zhang';
    await user.click(wechat.getByText('刷新状态'));
    expect(await wechat.findByText('已绑定')).toBeInTheDocument();
    expect(useUserStore.getState().info?.wx_openid).toBe('o-zhang');
    expect(screen.queryByTestId('wechat-bind-code')).toBeNull();
  });

  it('unbinds after its confirmation and shows 未绑定', async () => {
    openid = 'o-zhang';
    useUserStore.setState({ info: userInfo({ wx_openid: 'o-zhang' }) });
    const user = userEvent.setup({ delay: null });
    renderInShell(<ProfileDialog open onClose={() => undefined} />);
    const wechat = await wechatItem();
    expect(wechat.getByText('已绑定')).toHaveClass('ant-tag');
    expect(wechat.queryByText('获取绑定码')).toBeNull();
    await user.click(wechat.getByText(twoChars('解绑')));
    const confirm = (await screen.findByText('确定解绑微信?')).closest<HTMLElement>('.ant-popover')!;
    openid = '';
    await user.click(within(confirm).getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', WECHAT_UNBIND_PATH, undefined]]));
    expect(await screen.findByText('已解绑', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(await wechat.findByText('未绑定')).toBeInTheDocument();
  });
});
