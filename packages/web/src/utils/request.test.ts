import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE } from '../settings';
import { setToken } from './auth';
import * as notify from './notify';
import { NETWORK_ERROR, RequestError, SessionExpiredError, attachmentName, request, setSessionExpiredHandler } from './request';
import { json, mockApi, ok } from '../test/mockApi';

describe('request client: token header, status codes and messages', () => {
  let errors: { text: string; seconds?: number }[];
  let expired: number;

  beforeEach(() => {
    errors = [];
    expired = 0;
    vi.spyOn(notify.toast, 'error').mockImplementation((text, seconds) => void errors.push({ text, seconds }));
    setSessionExpiredHandler(() => {
      expired++;
      localStorage.clear();
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the token in the TOKEN header under /custom/api/v1 and resolves the whole envelope', async () => {
    setToken('abc');
    const { calls, fetchMock } = mockApi({ 'GET /device/device': () => ({ ...ok([1, 2]), count: 2 }) });
    const res = await request({ url: '/device/device', params: { page: 1, keywords: '', sort: undefined } });
    expect(res).toMatchObject({ code: 200, data: [1, 2], count: 2 });
    expect(calls[0].token).toBe('abc');
    expect(fetchMock.mock.calls[0][0] as string).toBe('/custom/api/v1/device/device?page=1');
  });

  it('clears local storage and leaves for login on body code 401', async () => {
    localStorage.setItem(STORAGE.dictionary, '{}');
    mockApi({ 'GET /user/info': () => ({ code: 401, message: '登录已过期,请重新登录', data: null }) });
    await expect(request({ url: '/user/info' })).rejects.toBeInstanceOf(SessionExpiredError);
    expect(expired).toBe(1);
    expect(localStorage.getItem(STORAGE.dictionary)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('shows a business refusal (body code ≥ 300) for 5 seconds and rejects', async () => {
    mockApi({ 'POST /user/switch_role': () => ({ code: 300, message: '您没有该角色,无法切换', data: null }) });
    await expect(request({ url: '/user/switch_role', method: 'POST', data: {} })).rejects.toBeInstanceOf(RequestError);
    expect(errors).toEqual([{ text: '您没有该角色,无法切换', seconds: 5 }]);
  });

  it.each([
    [403, {}, '未授权或授权已过期'],
    [409, { count: 3 }, '当前型号启用数量超出授权数量,授权数量为3'],
    [401, {}, '您没有权限访问'],
    [400, {}, '参数错误'],
    [410, {}, '密码错误'],
  ])('answers HTTP %i with its message', async (status, extra, text) => {
    mockApi({ 'GET /x': () => json({ code: status, message: 'server text', data: null, ...extra }, status) });
    await expect(request({ url: '/x' })).rejects.toMatchObject({ status, message: text });
    expect(errors).toEqual([{ text, seconds: 5 }]);
  });

  it('rejects a quiet call without a toast, refused by body code or by HTTP status', async () => {
    mockApi({
      'GET /x': () => ({ code: 300, message: '没有权限', data: null }),
      'GET /y': () => json({ code: 403, message: 'server text', data: null }, 403),
    });
    await expect(request({ url: '/x', quiet: true })).rejects.toMatchObject({ code: 300, message: '没有权限' });
    await expect(request({ url: '/y', quiet: true })).rejects.toMatchObject({ status: 403, message: '未授权或授权已过期' });
    expect(errors).toEqual([]);
  });

  it('shows the field and reason of a 400 when the server names them', async () => {
    mockApi({ 'GET /x': () => json({ code: 400, message: '参数错误 email: 邮箱格式不正确', data: null }, 400) });
    await expect(request({ url: '/x' })).rejects.toMatchObject({ message: '参数错误 email: 邮箱格式不正确' });
  });

  it('swallows HTTP 497 silently and rejects other failures with the network message and no toast', async () => {
    mockApi({ 'GET /dup': () => json({}, 497), 'GET /boom': () => json({ code: 500, message: 'x', data: null }, 500) });
    await expect(request({ url: '/dup' })).rejects.toMatchObject({ status: 497 });
    await expect(request({ url: '/boom' })).rejects.toMatchObject({ status: 500, message: NETWORK_ERROR });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request({ url: '/down' })).rejects.toMatchObject({ message: '网络错误,请检查网络.' });
    expect(errors).toEqual([]);
  });

  it('ends the session only on body code 401, not on HTTP 401 (a missing permission) or a network failure', async () => {
    mockApi({ 'GET /x': () => json({ code: 401, message: '您没有权限访问', data: null }, 401) });
    const refused = request({ url: '/x' });
    await expect(refused).rejects.toBeInstanceOf(RequestError);
    await expect(refused).rejects.not.toBeInstanceOf(SessionExpiredError);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))));
    await expect(request({ url: '/user/info' })).rejects.not.toBeInstanceOf(SessionExpiredError);
    expect(expired).toBe(0);
  });

  it('passes Excel files through untouched', async () => {
    const xlsx = new Response('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(xlsx)));
    const res = await request<Blob>({ url: '/manager/export/1/download' });
    expect(res.data.size).toBe(2);
    expect(await res.data.text()).toBe('PK');
  });

  it('reads an attachment as a file whatever its type, with the name the server gave it', async () => {
    const headers = { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="___-1.json"; filename*=UTF-8''${encodeURIComponent('刷机批次-1.json')}` };
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('[{"gateway_id":"GW1"}]', { headers }))));
    const res = await request<Blob>({ url: '/system/box_flasher/1/download', responseType: 'blob' });
    expect(await res.data.text()).toBe('[{"gateway_id":"GW1"}]');
    expect(res.file_name).toBe('刷机批次-1.json');
    expect(attachmentName('attachment; filename="batch.csv"')).toBe('batch.csv');
    expect(attachmentName('inline')).toBeUndefined();
  });

  it('shows a file’s refusal instead of saving it: a blob asked for, the JSON envelope answered', async () => {
    const refusal = new Response(JSON.stringify({ code: 300, message: '设备身份已下载,不能再次下载', data: null }), { headers: { 'content-type': 'application/json; charset=utf-8' } });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(refusal)));
    await expect(request<Blob>({ url: '/manager/buy_order/1/identities', responseType: 'blob' })).rejects.toMatchObject({ message: '设备身份已下载,不能再次下载' });
    expect(errors).toEqual([{ text: '设备身份已下载,不能再次下载', seconds: 5 }]);
  });

  it('gives up after the 50 s time-out with the network message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))))),
    );
    const pending = request({ url: '/slow' });
    const outcome = expect(pending).rejects.toMatchObject({ message: NETWORK_ERROR });
    await vi.advanceTimersByTimeAsync(50_000);
    await outcome;
    vi.useRealTimers();
  });
});
