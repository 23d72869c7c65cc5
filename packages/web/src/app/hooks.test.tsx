import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePermissionStore } from '../stores/permission';
import { useTagsViewStore } from '../stores/tagsView';
import { useUserStore } from '../stores/user';
import { openConsole, signIn, signOut } from '../test/console';
import { mockApi, ok, userInfo } from '../test/mockApi';

// A stand-in frame with the two navbar actions these hooks serve.
vi.mock('../layout/Layout', async () => {
  const { Outlet } = await import('react-router');
  const { useLogout, useSwitchRole } = await import('./hooks');
  return {
    Layout: function FakeLayout() {
      const logout = useLogout();
      const switchRole = useSwitchRole();
      return (
        <>
          <button onClick={() => void switchRole(4)}>切换到审计员</button>
          <button onClick={() => void logout()}>退出登录</button>
          <Outlet />
        </>
      );
    },
  };
});
vi.mock('../features/dashboard/DashboardPage', () => ({ default: () => <p>dashboard page</p> }));

const slow = { timeout: 5000 };
const menuPaths = () => usePermissionStore.getState().addRoutes.flatMap((r) => (r.children ?? []).map((c) => c.path));

async function openSignedIn(path: string, api: Record<string, (body: unknown) => unknown>) {
  signIn();
  const mocked = mockApi({
    'GET /user/info': () => ok(userInfo({ role_menu: [{ menu: '/system/qrcode_url', action: 1 }] })),
    ...api,
  });
  openConsole(path);
  await screen.findAllByText('短码', {}, slow);
  return mocked;
}

beforeEach(() => {
  signOut();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useSwitchRole', () => {
  it('takes the new token, reloads the info and routes of the new role, closes tabs and opens the dashboard', async () => {
    const auditor = userInfo({ roles: [{ id: 4, name: 'auditor' }], role_menu: [{ menu: '/system/log', action: 1 }] });
    const { calls } = await openSignedIn('/system/qrcode_url', {
      'POST /user/switch_role': () => ok({ token: 'token-2' }),
    });
    useTagsViewStore.getState().addView({ path: '/system/qrcode_url', fullPath: '/system/qrcode_url', title: 'qrcodeUrl' });
    calls.length = 0;
    mockApi({ 'POST /user/switch_role': () => ok({ token: 'token-2' }), 'GET /user/info': () => ok(auditor) });

    await userEvent.click(screen.getByRole('button', { name: '切换到审计员' }));

    expect(await screen.findByText('dashboard page', {}, slow)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/custom/dashboard');
    await waitFor(() => expect(menuPaths()).toEqual(['/system/log']));
    expect(useUserStore.getState().roles).toEqual(['auditor']);
    expect(localStorage.getItem('Custom-Token')).toBe('token-2');
    expect(useTagsViewStore.getState().visitedViews.map((v) => v.path)).not.toContain('/system/qrcode_url');
  });
});

describe('useLogout', () => {
  it('logs out on the server, forgets the session and opens the login page', async () => {
    const { calls } = await openSignedIn('/system/qrcode_url', {
      'DELETE /user/logout': () => ok(null),
      'GET /tools/captcha': () => ok({ c_id: 'c1', svg: '<svg/>' }),
    });

    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));

    expect(await screen.findByPlaceholderText('用户名', {}, slow)).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/custom/login');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/user/logout' && c.token === 'token-1')).toBe(true);
    expect(localStorage.getItem('Custom-Token')).toBeNull();
    expect(usePermissionStore.getState().generated).toBe(false);
  });
});
