import { createPrivateKey, createPublicKey } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBUG_CLIENT_HUB_URL, DEBUG_CLIENT_PATH, REMOTE_SESSION_PATH, type RemoteSession, configResource } from '@gw/contracts';

const CONFIG_PATH = configResource.path;
import { config as configTable, debugClient } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { HUB_ENV, type RemoteWorld, hubState, makeClient, remoteWorld, wgPublicKey } from '../../test/remote.js';

/** The public key of a WireGuard private key (base64 of 32 bytes), as `wg pubkey` says it. */
function publicOf(privateKey: string): string {
  const der = Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), Buffer.from(privateKey, 'base64')]);
  const jwk = createPublicKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })).export({ format: 'jwk' });
  return Buffer.from(jwk.x!, 'base64url').toString('base64');
}

describe('调试代理: engineers’ WireGuard clients', () => {
  let t: TestApp;
  let w: RemoteWorld;

  beforeAll(async () => {
    t = await createTestApp({ env: HUB_ENV });
    w = await remoteWorld(t, 'DC');
  });
  afterAll(async () => t.close());

  it('says remote access is set up', async () => {
    const res = await t.api('GET', DEBUG_CLIENT_HUB_URL, { token: w.engineer.token });
    expect(res.json().data).toEqual({ ready: true, endpoint: 'vpn.example.com:51820', missing: [] });
  });

  it('makes a key pair and shows the private key once, in the wg-quick file and its QR code; the platform keeps only the public key', async () => {
    const res = await t.api('POST', DEBUG_CLIENT_PATH, { token: w.engineer.token, body: { name: '笔记本', location: '上海' } });
    expect(res.json().code, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ name: '笔记本', location: '上海', address: '10.9.0.2', key_generated: true, username: 'dc-engineer', company_name: '平台运营方', connected: false, rx_bytes: 0 });
    const privateKey = /^PrivateKey = (\S+)$/m.exec(created.config)![1];
    expect(publicOf(privateKey)).toBe(created.public_key);
    expect(created.config).toBe(
      [
        '[Interface]',
        '# 智能网关管理系统 调试代理: 笔记本 (dc-engineer)',
        `PrivateKey = ${privateKey}`,
        'Address = 10.9.0.2/32',
        '',
        '[Peer]',
        `PublicKey = ${HUB_ENV.VPN_HUB_PUBLIC_KEY}`,
        'Endpoint = vpn.example.com:51820',
        'AllowedIPs = 10.8.0.0/16, 10.100.0.0/16',
        'PersistentKeepalive = 25',
        '',
      ].join('\n'),
    );
    expect(created.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(created.qr.split(',')[1], 'base64').toString()).toContain('<svg');

    // nowhere again: not in the row, its detail, its file downloaded again, nor the operation log
    const [row] = await t.db.select().from(debugClient).where(eq(debugClient.id, created.id));
    expect(JSON.stringify(row)).not.toContain(privateKey);
    const detail = (await t.api('GET', `${DEBUG_CLIENT_PATH}/${created.id}`, { token: w.engineer.token })).json().data;
    expect(detail.config).toBeUndefined();
    expect(JSON.stringify(detail)).not.toContain(privateKey);
    const again = (await t.api('GET', `${DEBUG_CLIENT_PATH}/${created.id}/config`, { token: w.engineer.token })).json().data.config as string;
    expect(again).toContain('PrivateKey = <在此填入你的私钥>');
    expect(again).not.toContain(privateKey);
    const logged = await t.db.execute(sql`select changes::text as changes from operation_log where table_name = 'debug_client'`);
    expect(JSON.stringify(logged)).not.toContain(privateKey);
    expect(JSON.stringify(logged)).toContain(created.public_key);
  });

  it('takes the user’s own public key: the file says where its private key goes, and no QR code', async () => {
    const key = wgPublicKey();
    const created = await makeClient(t, w.engineer.token, { name: '手机', public_key: key });
    expect(created).toMatchObject({ public_key: key, key_generated: false, address: '10.9.0.3', qr: '' });
    expect(created.config).toContain('PrivateKey = <在此填入你的私钥>');
    // a key another client (or a box) has is refused: WireGuard knows peers by their keys
    for (const taken of [key, w.keys.a]) {
      const res = await t.api('POST', DEBUG_CLIENT_PATH, { token: w.engineer.token, body: { name: '重复', public_key: taken } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('客户端公钥已被使用');
    }
  });

  it('refuses a malformed key or a missing name with a 400 in Chinese naming the field, and changes nothing', async () => {
    const before = (await t.db.select().from(debugClient)).length;
    for (const public_key of ['not-a-key', 'A'.repeat(44), `${wgPublicKey().slice(0, 42)}B=`]) {
      const res = await t.api('POST', DEBUG_CLIENT_PATH, { token: w.engineer.token, body: { name: '坏钥', public_key } });
      expect(res.statusCode, public_key).toBe(400);
      expect(res.json().message).toMatch(/public_key: 客户端公钥格式不正确/);
    }
    const noName = await t.api('POST', DEBUG_CLIENT_PATH, { token: w.engineer.token, body: { name: '  ' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('请输入名称');
    // a key is never changed: an update takes the name and place alone
    const [first] = await t.db.select().from(debugClient).limit(1);
    const edit = await t.api('PUT', `${DEBUG_CLIENT_PATH}/${first.id}`, { token: w.engineer.token, body: { public_key: wgPublicKey() } });
    expect(edit.statusCode).toBe(400);
    expect((await t.db.select().from(debugClient)).length).toBe(before);
  });

  it('refuses overlapping pools in 通用配置, naming the field', async () => {
    const pools = await t.db.select().from(configTable).where(sql`${configTable.key} in ('vpn_pool', 'machine_pool', 'debug_pool')`);
    const id = (key: string) => pools.find((p) => p.key === key)!.id;
    for (const [key, value] of [
      ['debug_pool', '10.8.0.0/16'],
      ['debug_pool', '10.0.0.0/8'],
      ['vpn_pool', '10.9.128.0/17'],
      ['machine_pool', '10.9.0.0/16'],
    ]) {
      const res = await t.api('PUT', `${CONFIG_PATH}/${id(key)}`, { token: w.admin, body: { value } });
      expect(res.statusCode, `${key} ${value}`).toBe(400);
      expect(res.json().message).toMatch(/value: 地址池重叠/);
    }
    expect((await t.db.select().from(configTable).where(eq(configTable.key, 'debug_pool')))[0].value).toBe('10.9.0.0/16');
    const fine = await t.api('PUT', `${CONFIG_PATH}/${id('debug_pool')}`, { token: w.admin, body: { value: '10.9.0.0/16' } });
    expect(fine.json().code, fine.body).toBe(200);
  });

  it('refuses a client once debug_pool has no address left', async () => {
    const [pool] = await t.db.select().from(configTable).where(eq(configTable.key, 'debug_pool'));
    // a /30 has one host after the unused first: 10.9.0.2, taken
    expect((await t.api('PUT', `${CONFIG_PATH}/${pool.id}`, { token: w.admin, body: { value: '10.9.0.0/30' } })).json().code).toBe(200);
    const res = await t.api('POST', DEBUG_CLIENT_PATH, { token: w.engineer.token, body: { name: '满了' } });
    expect(res.json()).toMatchObject({ code: 300, message: '调试地址池 10.9.0.0/30 已用完' });
    expect((await t.api('PUT', `${CONFIG_PATH}/${pool.id}`, { token: w.admin, body: { value: '10.9.0.0/16' } })).json().code).toBe(200);
  });

  it('lists a company’s clients to its tree only', async () => {
    const mine = await makeClient(t, w.approverA.token, { name: '甲的电脑' });
    expect(mine.company_name).toBe('DC 甲集团');
    expect((await t.api('GET', `${DEBUG_CLIENT_PATH}/${mine.id}`, { token: w.customerB.token })).statusCode).toBe(404);
    expect((await t.api('GET', `${DEBUG_CLIENT_PATH}/${mine.id}/config`, { token: w.customerB.token })).statusCode).toBe(404);
    expect((await t.api('DELETE', `${DEBUG_CLIENT_PATH}/${mine.id}`, { token: w.customerB.token })).statusCode).toBe(404);
    const listB = (await t.api('GET', DEBUG_CLIENT_PATH, { token: w.customerB.token })).json();
    expect(listB.data.map((c: { id: number }) => c.id)).not.toContain(mine.id);
    const listVendor = (await t.api('GET', DEBUG_CLIENT_PATH, { token: w.engineer.token })).json();
    expect(listVendor.data.map((c: { id: number }) => c.id)).toContain(mine.id);
  });

  it('delete revokes at once: the hub loses the peer and the client’s sessions end', async () => {
    const client = await makeClient(t, w.engineer2.token, { name: '将删除' });
    const opened = await t.api('POST', REMOTE_SESSION_PATH, { token: w.engineer2.token, body: { client_id: client.id, device_id: w.boxes.a1, minutes: 60 } });
    expect(opened.json().code, opened.body).toBe(200);
    const session = opened.json().data as RemoteSession;
    expect(session.status).toBe('active');
    const before = await hubState(t);
    expect(before.clients).toContainEqual({ id: `c${client.id}`, public_key: client.public_key, address: `${client.address}/32` });
    expect(before.flows.map((f) => f.id)).toContain(`s${session.id}`);

    expect((await t.api('DELETE', `${DEBUG_CLIENT_PATH}/${client.id}`, { token: w.engineer2.token })).json().code).toBe(200);
    const after = await hubState(t);
    expect(after.clients.map((c) => c.id)).not.toContain(`c${client.id}`);
    expect(after.flows.map((f) => f.id)).not.toContain(`s${session.id}`);
    const ended = (await t.api('GET', `${REMOTE_SESSION_PATH}/${session.id}`, { token: w.engineer2.token })).json().data as RemoteSession;
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'client_deleted', ended_by: 'dc-engineer2', client_id: null, client_name: '将删除' });
  });
});

describe('调试代理 without remote access set up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('says what is missing and refuses a client until it is set', async () => {
    const admin = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.api('GET', DEBUG_CLIENT_HUB_URL, { token: admin })).json().data).toEqual({
      ready: false,
      endpoint: '',
      missing: ['VPN_ENDPOINT', 'VPN_HUB_PUBLIC_KEY', 'VPN_HUB_TOKEN'],
    });
    const res = await t.api('POST', DEBUG_CLIENT_PATH, { token: admin, body: { name: '笔记本' } });
    expect(res.json()).toMatchObject({ code: 300, message: '远程访问尚未配置: 缺少 VPN_ENDPOINT、VPN_HUB_PUBLIC_KEY、VPN_HUB_TOKEN' });
    expect(await t.db.select().from(debugClient)).toEqual([]);
  });
});
