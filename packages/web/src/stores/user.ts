import { create } from 'zustand';
import { type DepartmentNode, type UserInfo, can } from '@gw/contracts';
import { STORAGE } from '../settings';
import { getToken, removeToken, setToken } from '../utils/auth';
import { COMPANY_PATH } from '../utils/menus';
import { request } from '../utils/request';
import { usePermissionStore } from './permission';
import { useTagsViewStore } from './tagsView';

export interface LoginForm {
  username: string;
  password: string;
  captcha: string;
  c_id: string;
}

interface UserState {
  token: string | undefined;
  /** Role names in force; empty until user info is loaded (the guard's cue to load it). */
  roles: string[];
  info: UserInfo | null;
  login: (form: LoginForm) => Promise<void>;
  getInfo: () => Promise<UserInfo>;
  logout: () => Promise<void>;
  resetToken: () => void;
  changeRole: (roleId: number) => Promise<void>;
}

/**
 * The user info cannot carry a session (no token, no user, no roles): the token has to go and the user log in
 * again. Kept apart from a failed request, which must leave the token alone.
 */
export class UnusableSessionError extends Error {}

/** Fetches the dictionary and caches it as SYSTEM_DICTIONARY; done right after login. */
export async function loadDictionary(): Promise<void> {
  const res = await request<Record<string, unknown>>({ url: '/tools/dictionary' });
  localStorage.setItem(STORAGE.dictionary, JSON.stringify(res.data));
}

/**
 * Keeps the company tree of the user's scope in localStorage (the department tree) for the pickers and the
 * organisation pages; only for users who may read companies.
 */
export async function loadDepartmentTree(info: UserInfo): Promise<void> {
  if (!can({ superUser: info.super_user, roleMenu: info.role_menu }, COMPANY_PATH, 'query')) return;
  const res = await request<DepartmentNode[]>({ url: `${COMPANY_PATH}/tree` });
  localStorage.setItem(STORAGE.departmentTree, JSON.stringify(res.data));
}

export const useUserStore = create<UserState>((set, get) => ({
  token: getToken(),
  roles: [],
  info: null,
  async login(form) {
    const res = await request<{ token: string }>({
      url: '/user/login',
      method: 'POST',
      data: { ...form, username: form.username.trim() },
    });
    setToken(res.data.token);
    set({ token: res.data.token, roles: [], info: null });
    await loadDictionary();
  },
  async getInfo() {
    if (!get().token) throw new UnusableSessionError('Verification failed, please Login again.');
    const { data } = await request<UserInfo>({ url: '/user/info' });
    if (!data) throw new UnusableSessionError('Verification failed, please Login again.');
    if (!Array.isArray(data.roles) || data.roles.length === 0) throw new UnusableSessionError('getInfo: roles must be a non-null array!');
    set({ info: data, roles: data.roles.map((r) => r.name) });
    // the tree is a convenience cache: a failure (already toasted by the client) must not block the console
    void loadDepartmentTree(data).catch(() => undefined);
    return data;
  },
  async logout() {
    try {
      await request({ url: '/user/logout', method: 'DELETE' });
    } finally {
      get().resetToken();
      usePermissionStore.getState().resetRoutes();
      useTagsViewStore.getState().delAllViews();
    }
  },
  resetToken() {
    removeToken();
    set({ token: undefined, roles: [], info: null });
  },
  async changeRole(roleId) {
    const res = await request<{ token: string }>({ url: '/user/switch_role', method: 'POST', data: { role_id: roleId } });
    setToken(res.data.token);
    set({ token: res.data.token, roles: [], info: null });
    usePermissionStore.getState().resetRoutes();
    useTagsViewStore.getState().delAllViews();
  },
}));
