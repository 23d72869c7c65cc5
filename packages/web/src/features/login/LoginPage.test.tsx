import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openConsole, signOut } from '../../test/console';
import { json, mockApi, ok, userInfo } from '../../test/mockApi';
import { afterLoginPath, safeRedirect } from './redirect';

vi.mock('../../layout/Layout', () => ({ Layout: () => <Outlet /> }));
vi.mock('../dashboard/DashboardPage', () => ({ default: () => <p>dashboard page</p> }));

const slow = { timeout: 5000 };
let captchas = 0;

function api(login: (body: unknown) => unknown = () => ok({ token: 'token-9' })) {
  return mockApi({
    'GET /tools/captcha': () => ok({ c_id: `c${++captchas}`, svg: `<svg><text>${captchas}</text></svg>` }),
    'POST /user/login': login,
    'GET /tools/dictionary': () => ok({ parktype: [{ value: 1, title: '园区', code: 'p' }] }),
    'GET /user/info': () => ok(userInfo({ role_menu: [{ menu: '/system/qrcode_url', action: 1 }] })),
  });
}

async function openLogin(search = '') {
  openConsole(`/login${search}`);
  await screen.findByPlaceholderText('用户名', {}, slow);
  await screen.findByRole('img', { name: '验证码' });
}

/** Puts text into a field at once (typing key by key through antd's form is slow and tests nothing more). */
async function fill(placeholder: string, text: string) {
  await userEvent.click(screen.getByPlaceholderText(placeholder));
  await userEvent.paste(text);
}

const submitButton = () => screen.getByRole('button', { name: /登\s*录/ });

beforeEach(() => {
  captchas = 0;
  signOut();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('shows the product title and a captcha drawn from the server SVG', async () => {
    api();
    await openLogin();
    expect(screen.getByRole('heading', { name: '智能网关管理系统' })).toBeInTheDocument();
    const src = screen.getByRole('img', { name: '验证码' }).getAttribute('src') ?? '';
    expect(decodeURIComponent(src)).toContain('<svg><text>1</text></svg>');
  });

  it('asks for every field in Chinese before sending anything', async () => {
    const { calls } = api();
    await openLogin();
    await userEvent.click(submitButton());
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/user/login')).toBe(false);
  });

  it('shows the typed password on 显示密码 and hides it again', async () => {
    api();
    await openLogin();
    await fill('密码', 'secret-1');
    const password = screen.getByPlaceholderText('密码');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('ties each message to its field for screen readers and puts the focus on the first field missing', async () => {
    api();
    await openLogin();
    await fill('用户名', 'zhang');
    await userEvent.click(submitButton());
    const password = screen.getByPlaceholderText('密码');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('请输入密码');
    expect(screen.getByPlaceholderText('用户名')).not.toHaveAttribute('aria-invalid');
    // typing clears the message at once
    await userEvent.paste('secret-1');
    expect(screen.queryByText('请输入密码')).toBeNull();
    expect(screen.getByText('请输入验证码')).toBeInTheDocument();
  });

  it('refuses a username of spaces', async () => {
    api();
    await openLogin();
    await fill('用户名', '   ');
    await userEvent.click(submitButton());
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
  });

  it('sends the trimmed username on Enter, caches the dictionary and opens the redirect with the other query', async () => {
    const { calls } = api();
    await openLogin('?redirect=/system/qrcode_url&tab=2');
    await fill('用户名', '  zhang  ');
    await fill('密码', 'secret-1');
    await fill('验证码', 'ab12');
    await userEvent.keyboard('{Enter}');

    expect((await screen.findAllByText('短码', {}, slow)).length).toBeGreaterThan(0);
    expect(window.location.pathname + window.location.search).toBe('/custom/system/qrcode_url?tab=2');
    expect(calls.find((c) => c.path === '/user/login')?.body).toEqual({ username: 'zhang', password: 'secret-1', captcha: 'ab12', c_id: 'c1' });
    expect(localStorage.getItem('Custom-Token')).toBe('token-9');
    expect(JSON.parse(localStorage.getItem('SYSTEM_DICTIONARY') ?? '{}')).toHaveProperty('parktype');
  });

  it('goes home when no redirect was asked', async () => {
    api();
    await openLogin();
    await fill('用户名', 'zhang');
    await fill('密码', 'secret-1');
    await fill('验证码', 'ab12');
    await userEvent.click(submitButton());
    expect(await screen.findByText('dashboard page', {}, slow)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/custom/dashboard');
  });

  it('shows a new captcha and empties its field after a failed login', async () => {
    api(() => json({ code: 410, message: '用户名或密码错误', data: null }, 410));
    await openLogin();
    await fill('用户名', 'zhang');
    await fill('密码', 'wrong');
    await fill('验证码', 'ab12');
    await userEvent.click(submitButton());

    expect(await screen.findByText('密码错误')).toBeInTheDocument();
    await waitFor(() => expect(decodeURIComponent(screen.getByRole('img', { name: '验证码' }).getAttribute('src') ?? '')).toContain('<text>2</text>'));
    expect(screen.getByPlaceholderText('验证码')).toHaveValue('');
    expect(window.location.pathname).toBe('/custom/login');
  });

  it('fetches a new captcha when the picture is clicked', async () => {
    const { calls } = api();
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: '看不清?点击刷新' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/tools/captcha')).toHaveLength(2));
  });
});

describe('after-login target', () => {
  it('keeps the redirect and the other query parameters', () => {
    expect(afterLoginPath('?redirect=/system/qrcode_url%3Fid%3D3&tab=2')).toBe('/system/qrcode_url?id=3&tab=2');
    expect(afterLoginPath('?tab=2')).toBe('/?tab=2');
    expect(afterLoginPath('')).toBe('/');
  });

  it('never leaves the console', () => {
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('/manager/custom')).toBe('/manager/custom');
  });
});
