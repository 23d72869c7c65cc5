import { ACTION } from '@gw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../components/ResourceTable/testing';
import { STORAGE } from '../../settings';
import { useUserStore } from '../../stores/user';
import { type ApiCall, mockApi, ok, userInfo } from '../../test/mockApi';
import { recordDownloads, twoChars, writes } from '../../test/ui';
import dayjs from '../../utils/dayjs';
import LicensePage from './LicensePage';
import { P, licence, licences } from './testing';

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);
const modal = (title: string) => screen.getAllByText(title, { selector: '.ant-modal-title' }).at(-1)!.closest<HTMLElement>('.ant-modal')!;
const pick = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  await user.click(options.at(-1)!);
};
const box = { id: 1, gateway_id: 'GW-001', fingerprint: 'fp-from-box' };

let calls: ApiCall[];
beforeEach(() => {
  useUserStore.setState({ info: userInfo({ super_user: true }) });
  localStorage.setItem(STORAGE.dictionary, JSON.stringify({ machinetoolcategory: [{ value: 'fanuc', title: 'FANUC 发那科', code: 'fanuc' }, { value: 'gsk', title: 'GSK 广州数控', code: 'gsk' }] }));
  calls = mockApi({
    [`GET ${P}`]: () => ({ ...ok(licences), count: licences.length }),
    [`GET ${P}/1`]: () => ok(licences[0]),
    [`POST ${P}`]: (body) => ok(licence({ id: 9, ...(body as object), certificate: 'eyJ.new-certificate.sig' })),
    [`POST ${P}/1/revoke`]: () => ({ ...ok(null), message: '已吊销' }),
    [`POST ${P}/verify`]: () => ok({ valid: false, reason: '签名无效', claims: { type: 'temp', iat: 1767225600, nbf: 1767225600, exp: 1769904000, jti: 'lic-7', finger_print: 'fp-zz', sub: 'GW-007', vpn: false, count: [{ model: 'all', count: 3 }] } }),
    'GET /device/device': () => ({ ...ok([box]), count: 1 }),
  }).calls;
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('授权生成', { timeout: 60_000 }, () => {
  it('lists the licences with their states in colour and their counts per model', async () => {
    renderInShell(<LicensePage />, '/system/gen_license');
    await screen.findByText('GW-001');
    expect(headers()).toEqual(expect.arrayContaining(['设备ID', '设备指纹', '授权类型', '状态', '生效时间', '到期时间', 'VPN', '授权数量', '签发时间', '备注']));
    expect(within(rowOf('GW-001')).getByText('正常')).toHaveClass('ant-tag-green');
    expect(within(rowOf('GW-002')).getByText('即将过期')).toHaveClass('ant-tag-orange');
    expect(within(rowOf('GW-003')).getByText('已过期')).toHaveClass('ant-tag-red');
    expect(within(rowOf('GW-004')).getByText('已吊销').className).not.toMatch(/ant-tag-(green|orange|red)/);
    expect(within(rowOf('GW-001')).getByText('FANUC 发那科 × 2')).toBeInTheDocument();
    expect(within(rowOf('GW-001')).getByText('全部型号 × 5')).toBeInTheDocument();
    expect(within(rowOf('GW-002')).getByText('GSK 广州数控 × 1')).toBeInTheDocument();
    expect(within(rowOf('GW-002')).getByText('测试授权')).toBeInTheDocument();
    // 吊销 only where there is something left to revoke
    expect(within(rowOf('GW-001')).getByText(twoChars('吊销'))).toBeInTheDocument();
    expect(within(rowOf('GW-002')).getByText(twoChars('吊销'))).toBeInTheDocument();
    expect(within(rowOf('GW-003')).queryByText(twoChars('吊销'))).toBeNull();
    expect(within(rowOf('GW-004')).queryByText(twoChars('吊销'))).toBeNull();
  });

  it('issues a business licence for a picked box: its fingerprint filled, the defaults sent, the certificate shown', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<LicensePage />, '/system/gen_license');
    await screen.findByText('GW-001');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(modal('新增授权'));
    await user.click(form.getByLabelText('网关设备'));
    await pick(user, 'GW-001');
    await waitFor(() => expect(form.getByLabelText('设备指纹')).toHaveValue('fp-from-box'));
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const [[method, path, body]] = writes(calls) as [[string, string, Record<string, unknown>]];
    expect([method, path]).toEqual(['POST', P]);
    expect(body).toEqual({
      device_id: 1,
      finger_print: 'fp-from-box',
      type: 'business',
      exp: '2099-12-11T16:00:00.000Z', // 2099-12-12 00:00 of the platform's zone
      vpn: false,
      count: [{ model: 'all', count: 1 }],
      remark: '',
    });
    // no 生效时间 picked: the licence starts at once (the server backdates it a little)
    expect(form.getByLabelText('生效时间')).toHaveAttribute('placeholder', '立即生效');
    const certificate = await screen.findByText('eyJ.new-certificate.sig');
    const dialog = certificate.closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText('授权证书')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /复制/ }));
    expect(await navigator.clipboard.readText()).toBe('eyJ.new-certificate.sig');
    // 下载 saves a text file named after the box (jsdom makes no object URLs: the test does, and takes the link's click)
    const { names, files } = recordDownloads();
    await user.click(within(dialog).getByRole('button', { name: /下载/ }));
    expect(names).toEqual(['GW-001.lic']);
    expect(await files[0].text()).toBe('eyJ.new-certificate.sig');
  });

  it('issues a trial for a pasted fingerprint: one month from its start, the end following the type', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<LicensePage />, '/system/gen_license');
    await screen.findByText('GW-001');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(modal('新增授权'));
    await user.click(form.getByText(twoChars('确定')));
    expect(await form.findByText('请选择网关设备或填写设备指纹')).toBeInTheDocument();
    await user.click(form.getByLabelText('设备指纹'));
    await user.paste('fp-pasted');
    await user.click(form.getByLabelText('测试授权'));
    await user.click(form.getByRole('switch'));
    await user.click(form.getByText('添加一行'));
    await user.click(form.getByLabelText('型号 2'));
    await pick(user, 'FANUC 发那科');
    await user.clear(form.getByLabelText('数量 2'));
    await user.type(form.getByLabelText('数量 2'), '4');
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const body = writes(calls)[0][2] as Record<string, string>;
    expect(body).toEqual({
      finger_print: 'fp-pasted',
      type: 'temp',
      exp: expect.any(String),
      vpn: true,
      count: [{ model: 'all', count: 1 }, { model: 'fanuc', count: 4 }],
      remark: '',
    });
    expect(Math.abs(Date.parse(body.exp) - dayjs().add(1, 'month').valueOf())).toBeLessThan(60_000);
  });

  it('keeps an end the user set when the type changes', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<LicensePage />, '/system/gen_license');
    await screen.findByText('GW-001');
    await user.click(screen.getByText(twoChars('新增')));
    const form = within(modal('新增授权'));
    await user.click(form.getByLabelText('设备指纹'));
    await user.paste('fp-pasted');
    const exp = form.getByLabelText('到期时间');
    await user.click(exp);
    await user.clear(exp);
    await user.type(exp, '2030-06-01 08:00:00{Enter}');
    await user.click(form.getByLabelText('测试授权'));
    await user.click(form.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0][2]).toMatchObject({ type: 'temp', exp: '2030-06-01T00:00:00.000Z' }); // typed as the platform's wall time
  });

  it('revokes a licence with the reason asked for', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<LicensePage />, '/system/gen_license');
    await screen.findByText('GW-001');
    await user.click(within(rowOf('GW-001')).getByText(twoChars('吊销')));
    const dialog = within(modal('吊销'));
    await user.click(dialog.getByText(twoChars('确定')));
    expect(await dialog.findByText('请输入吊销原因')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('吊销原因'), '设备丢失');
    await user.click(dialog.getByText(twoChars('确定')));
    await waitFor(() => expect(writes(calls)).toEqual([['POST', `${P}/1/revoke`, { reason: '设备丢失' }]]));
    expect(await screen.findByText('已吊销', { selector: '.ant-message *' })).toBeInTheDocument();
  });

  it('checks a pasted certificate and shows why it is refused, with what it claims', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<LicensePage />, '/system/gen_license');
    await screen.findByText('GW-001');
    await user.click(screen.getByText('校验证书'));
    const dialog = within(modal('校验证书'));
    await user.click(dialog.getByLabelText('授权证书'));
    await user.paste('eyJ.tampered.sig');
    await user.click(dialog.getByRole('button', { name: '校验证书' }));
    expect(await dialog.findByText('无效: 签名无效')).toBeInTheDocument();
    expect(writes(calls)).toEqual([['POST', `${P}/verify`, { certificate: 'eyJ.tampered.sig' }]]);
    expect(dialog.getByText('GW-007')).toBeInTheDocument();
    expect(dialog.getByText('全部型号 × 3')).toBeInTheDocument();
  });

  it('opens 详情 with the fields and the certificate to copy or download', async () => {
    const user = userEvent.setup({ delay: null });
    renderInShell(<LicensePage />, '/system/gen_license');
    await screen.findByText('GW-001');
    await user.click(within(rowOf('GW-001')).getByText(twoChars('详情')));
    const drawer = within((await screen.findByText('授权详情: GW-001')).closest<HTMLElement>('.ant-drawer')!);
    expect(drawer.getByText('eyJhbGciOiJFZERTQSJ9.cert-1.sig')).toBeInTheDocument();
    expect(drawer.getByText('lic-1')).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: /下载/ })).toBeInTheDocument();
  });

  it('offers no 新增 nor 吊销 without their permission bits, and still 校验证书', async () => {
    useUserStore.setState({ info: userInfo({ scope: 'all', role_menu: [{ menu: '/system/gen_license', action: ACTION.query }] }) });
    renderInShell(<LicensePage />, '/system/gen_license');
    await screen.findByText('GW-001');
    expect(screen.queryByText(twoChars('新增'))).toBeNull();
    expect(screen.queryByText(twoChars('吊销'))).toBeNull();
    expect(screen.getByText('校验证书')).toBeInTheDocument();
  });
});
