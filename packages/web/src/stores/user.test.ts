import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE } from '../settings';
import { mockApi, ok, userInfo } from '../test/mockApi';
import { UnusableSessionError, useUserStore } from './user';

const tree = [{ id: 7, label: '华东精机', children: [{ id: 8, label: '一车间' }] }];

describe('user store', () => {
  beforeEach(() => useUserStore.setState({ token: 't', roles: [], info: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the company tree locally for a user who may read companies', async () => {
    mockApi({
      'GET /user/info': () => ok(userInfo({ role_menu: [{ menu: '/manager/custom', action: 1 }] })),
      'GET /manager/custom/tree': () => ok(tree),
    });
    await useUserStore.getState().getInfo();
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE.departmentTree) ?? 'null')).toEqual(tree));
    expect(useUserStore.getState().roles).toEqual(['operator']);
  });

  it('does not ask for the tree without the permission', async () => {
    const { calls } = mockApi({ 'GET /user/info': () => ok(userInfo()) });
    await useUserStore.getState().getInfo();
    expect(calls.map((c) => c.path)).toEqual(['/user/info']);
    expect(localStorage.getItem(STORAGE.departmentTree)).toBeNull();
  });

  it('refuses a user info without roles', async () => {
    mockApi({ 'GET /user/info': () => ok(userInfo({ roles: [] })) });
    const loading = useUserStore.getState().getInfo();
    await expect(loading).rejects.toThrow('getInfo: roles must be a non-null array!');
    await expect(loading).rejects.toBeInstanceOf(UnusableSessionError);
  });

  it('refuses to ask without a token', async () => {
    const { calls } = mockApi({});
    useUserStore.setState({ token: undefined });
    await expect(useUserStore.getState().getInfo()).rejects.toBeInstanceOf(UnusableSessionError);
    expect(calls).toEqual([]);
  });

  it('saves the token, then caches the dictionary as SYSTEM_DICTIONARY after login', async () => {
    const { calls } = mockApi({
      'POST /user/login': () => ok({ token: 'new-token' }),
      'GET /tools/dictionary': () => ok({ area: [], logaction: [] }),
    });
    await useUserStore.getState().login({ username: '  admin ', password: 'p', captcha: 'abcd', c_id: 'c' });
    expect(calls[0].body).toMatchObject({ username: 'admin' });
    expect(localStorage.getItem('Custom-Token')).toBe('new-token');
    expect(document.cookie).toContain('Custom-Token=new-token');
    expect(JSON.parse(localStorage.getItem(STORAGE.dictionary) ?? '{}')).toEqual({ area: [], logaction: [] });
  });
});
