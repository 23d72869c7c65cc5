import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';
import { openConsole, signIn, signOut } from '../test/console';
import { json, mockApi, ok, userInfo } from '../test/mockApi';
import { twoChars } from '../test/ui';
import { decideRoute } from './guard';

// The frame belongs to the layout; here it only needs to show the page.
vi.mock('../layout/Layout', () => ({ Layout: () => <Outlet /> }));
vi.mock('../features/dashboard/DashboardPage', () => ({ default: () => <p>dashboard page</p> }));

// the first render of a lazy page compiles it, which under a loaded machine takes a while
const lazyPage = { timeout: 5000 };

const here = () => window.location.pathname + decodeURIComponent(window.location.search);

const roleMenu = [{ menu: '/system/qrcode_url', action: 1 }];

beforeEach(() => {
  useAppStore.getState().setLanguage('zh');
  signOut();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('navigation guard', () => {
  it('sends a visitor without a token to login, remembering the wanted page', async () => {
    mockApi({ 'GET /tools/captcha': () => ok({ c_id: 'c1', svg: '<svg/>' }) });
    openConsole('/system/qrcode_url');
    await waitFor(() => expect(here()).toBe('/custom/login?redirect=/system/qrcode_url'));
    expect(await screen.findByPlaceholderText('用户名', {}, lazyPage)).toBeInTheDocument();
  });

  it('keeps the query of the wanted page in the redirect', async () => {
    mockApi({ 'GET /tools/captcha': () => ok({ c_id: 'c1', svg: '<svg/>' }) });
    openConsole('/device/machinetool?id=7&tab=2');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/device/machinetool?id=7&tab=2'));
  });

  it('lets a visitor without a token open the auth redirect page', async () => {
    mockApi({ 'GET /tools/captcha': () => ok({ c_id: 'c1', svg: '<svg/>' }) });
    openConsole('/auth-redirect');
    // it forwards home, which without a token ends on login
    await waitFor(() => expect(here()).toBe('/custom/login?redirect=/'));
  });

  it('sends a signed-in user opening login to the home page', async () => {
    signIn();
    mockApi({ 'GET /user/info': () => ok(userInfo({ role_menu: roleMenu })) });
    openConsole('/login');
    await waitFor(() => expect(here()).toBe('/custom/dashboard'));
    expect(await screen.findByText('dashboard page', {}, lazyPage)).toBeInTheDocument();
  });

  it('loads the user info of a token without roles, then opens the same page', async () => {
    signIn();
    const api = mockApi({ 'GET /user/info': () => ok(userInfo({ role_menu: roleMenu })) });
    openConsole('/system/qrcode_url?tab=1');
    expect((await screen.findAllByText('短码', {}, lazyPage)).length).toBeGreaterThan(0);
    expect(here()).toBe('/custom/system/qrcode_url?tab=1');
    expect(api.calls.filter((c) => c.path === '/user/info')).toHaveLength(1);
    expect(useUserStore.getState().roles).toEqual(['operator']);
    await waitFor(() => expect(document.title).toBe('短链接 - 智能网关管理系统'));
  });

  it('sends a page the user may not see to 404 once the routes are known', async () => {
    signIn();
    mockApi({ 'GET /user/info': () => ok(userInfo({ role_menu: roleMenu })) });
    openConsole('/system/admin_user');
    await waitFor(() => expect(here()).toBe('/custom/404'));
    expect(await screen.findByText('返回首页', {}, lazyPage)).toBeInTheDocument();
    expect(document.title).toBe('404 - 智能网关管理系统');
  });

  it('drops the token and goes to login with the error when the user info cannot be loaded', async () => {
    signIn();
    mockApi({ 'GET /user/info': () => ok(userInfo({ roles: [] })) });
    openConsole('/system/qrcode_url');
    await waitFor(() => expect(here()).toBe('/custom/login?redirect=/system/qrcode_url'));
    expect(await screen.findByText('getInfo: roles must be a non-null array!', {}, lazyPage)).toBeInTheDocument();
    expect(localStorage.getItem('Custom-Token')).toBeNull();
    expect(useUserStore.getState().token).toBeUndefined();
  });

  // a reload or a followed link aborts the request in flight; that must not log the user out
  it.each([
    ['is aborted, as by a reload', () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))],
    ['finds no network', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['meets a server error', () => json({ code: 500, message: 'boom', data: null }, 500)],
  ])('keeps the token and offers a retry when the user info request %s', async (_case, answer) => {
    signIn();
    mockApi({ 'GET /user/info': answer });
    openConsole('/system/qrcode_url');
    expect(await screen.findByText('网络错误,请检查网络.')).toBeInTheDocument();
    expect(screen.getByText('用户信息未能加载,登录状态仍保留。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: twoChars('重试') })).toBeInTheDocument();
    expect(here()).toBe('/custom/system/qrcode_url');
    expect(localStorage.getItem('Custom-Token')).toBe('token-1');
    expect(useUserStore.getState().token).toBe('token-1');
  });

  it('opens the wanted page once a retry loads the user info', async () => {
    signIn();
    let online = false;
    const api = mockApi({
      'GET /user/info': () => (online ? ok(userInfo({ role_menu: roleMenu })) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    openConsole('/system/qrcode_url');
    const retry = await screen.findByRole('button', { name: twoChars('重试') });
    online = true;
    await userEvent.click(retry);
    expect((await screen.findAllByText('短码', {}, lazyPage)).length).toBeGreaterThan(0);
    expect(here()).toBe('/custom/system/qrcode_url');
    expect(screen.queryByText('网络错误,请检查网络.')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/user/info')).toHaveLength(2);
  });

  it('lets a user whose info cannot be loaded give up and log in again', async () => {
    signIn();
    mockApi({ 'GET /user/info': () => Promise.reject(new TypeError('Failed to fetch')), 'GET /tools/captcha': () => ok({ c_id: 'c1', svg: '<svg/>' }) });
    openConsole('/system/qrcode_url');
    await userEvent.click(await screen.findByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(here()).toBe('/custom/login?redirect=/system/qrcode_url'));
    expect(localStorage.getItem('Custom-Token')).toBeNull();
  });

  it('clears local storage and goes to login when the server says the session is gone', async () => {
    signIn();
    localStorage.setItem('SYSTEM_DICTIONARY', '{}');
    mockApi({ 'GET /user/info': () => json({ code: 401, message: '登录已过期,请重新登录', data: null }) });
    openConsole('/system/qrcode_url');
    await waitFor(() => expect(here()).toBe('/custom/login?redirect=/system/qrcode_url'));
    expect(localStorage.getItem('SYSTEM_DICTIONARY')).toBeNull();
    expect(localStorage.getItem('Custom-Token')).toBeNull();
  });

  it('titles a page by its route and the product', async () => {
    mockApi({ 'GET /tools/captcha': () => ok({ c_id: 'c1', svg: '<svg/>' }) });
    openConsole('/login');
    await waitFor(() => expect(document.title).toBe('登录 - 智能网关管理系统'));
    useAppStore.getState().setLanguage('en');
    await waitFor(() => expect(document.title).toBe('Login - 智能网关管理系统'));
  });
});

describe('decideRoute', () => {
  const session = { hasToken: true, hadTokenOnEntry: true, hasRoles: true, routesGenerated: true };

  it('leaves a user who has just logged in on the login page until it navigates', () => {
    expect(decideRoute('/login', '', { ...session, hadTokenOnEntry: false })).toEqual({ kind: 'render' });
    expect(decideRoute('/login', '', session)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('loads the session while roles or routes are missing', () => {
    expect(decideRoute('/system/qrcode_url', '', { ...session, hasRoles: false })).toEqual({ kind: 'load' });
    expect(decideRoute('/system/qrcode_url', '', { ...session, routesGenerated: false })).toEqual({ kind: 'load' });
  });
});
