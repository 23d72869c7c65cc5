#!/usr/bin/env python3
"""An example gateway box speaking the platform's box protocol (docs/box-protocol.md) over MQTT 3.1.1.

It logs in as its gateway id with an offline will, subscribes to its commands, announces itself, sends the values
of a FANUC-like machine tool per code, reports its byte counters, answers every command the platform sends and
updates its "firmware" when told to. Needs Debian's python3-paho-mqtt (paho 1.6; paho 2.x works too), and
python3-cryptography only when --public-key is given.

    /usr/bin/python3 box.py --gateway GW-0001 --secret 'its secret' --fingerprint FP-0001 --machine M1
"""
import argparse, base64, hashlib, json, os, random, re, secrets, signal, sys, threading, time, urllib.error, urllib.request

import paho.mqtt.client as mqtt


def now_ms():
    return int(time.time() * 1000)


def log(text):
    print(f'[box] {text}', file=sys.stderr, flush=True)


def settings():
    env = os.environ.get
    p = argparse.ArgumentParser(description='An example box for the platform (MQTT 3.1.1). Every option has an environment variable.')
    p.add_argument('--host', default=env('MQTT_HOST', '127.0.0.1'), help='MQTT_HOST: the platform broker')
    p.add_argument('--port', type=int, default=int(env('MQTT_PORT', '1883')), help='MQTT_PORT')
    p.add_argument('--tls', action='store_true', default=env('MQTT_TLS') == '1', help='MQTT_TLS=1: MQTT over TLS')
    p.add_argument('--cafile', default=env('MQTT_CAFILE'), help="MQTT_CAFILE: the CA of the broker's certificate (else the system's)")
    p.add_argument('--gateway', default=env('BOX_GATEWAY_ID'), help='BOX_GATEWAY_ID: 设备ID, the client id and username')
    p.add_argument('--secret', default=env('BOX_SECRET'), help='BOX_SECRET: the MQTT password the platform gave the box')
    p.add_argument('--fingerprint', default=env('BOX_FINGERPRINT'), help='BOX_FINGERPRINT: the hardware id licences are bound to')
    p.add_argument('--machine', action='append', help='a machine tool code (设备编号), repeatable; BOX_MACHINES=M1,M2')
    p.add_argument('--keepalive', type=int, default=int(env('BOX_KEEPALIVE', '60')), help='BOX_KEEPALIVE seconds')
    p.add_argument('--interval', type=float, default=float(env('BOX_INTERVAL', '5')), help='BOX_INTERVAL: seconds between data messages')
    p.add_argument('--traffic-interval', type=float, default=float(env('BOX_TRAFFIC_INTERVAL', '60')), help='BOX_TRAFFIC_INTERVAL seconds')
    p.add_argument('--cycle', type=float, default=float(env('BOX_CYCLE', '40')), help='BOX_CYCLE: seconds to machine one part')
    p.add_argument('--version', default=env('BOX_VERSION', '1.0.0'), help='BOX_VERSION: firmware version until an update installs one')
    p.add_argument('--password', default=env('BOX_PASSWORD', 'admin'), help="BOX_PASSWORD: the box's own admin password")
    p.add_argument('--imei', default=env('BOX_IMEI', ''), help='BOX_IMEI of its modem')
    p.add_argument('--iccid', default=env('BOX_ICCID', ''), help='BOX_ICCID of its SIM card')
    p.add_argument('--public-key', default=env('BOX_PUBLIC_KEY'), help="BOX_PUBLIC_KEY: the platform's licence key (PEM file)")
    p.add_argument('--state-dir', default=env('BOX_STATE_DIR', 'box-state'), help='BOX_STATE_DIR: what survives a restart')
    s = p.parse_args()
    s.machine = s.machine or [m for m in env('BOX_MACHINES', '').split(',') if m]
    if not (s.gateway and s.secret and s.fingerprint):
        p.error('--gateway, --secret and --fingerprint are required')
    return s


class Machine:
    """A FANUC-like machine tool: batches of parts with pauses between them, every third pause an alarm or the
    emergency stop, reported with FANUC's codes (cnc_runstatus 3 STRT / 1 STOP, cnc_mode 1 MEM / 0 MDI, cnc_emer 1 EMG)."""
    FAULTS = [{'alarm_no': '1001', 'alarm_type': 'OT', 'alarm_msg': 'X轴正向超程'},
              {'alarm_no': '2002', 'alarm_type': 'EX', 'alarm_msg': '润滑油位低'}, 'EMG']

    def __init__(self, code, cycle):
        self.code, self.cycle, self.products, self.pauses, self.tool = code, cycle, 0, 0, 1
        self.start(time.time())

    def start(self, at):
        self.running, self.batch, self.alarms, self.emergency = True, random.randint(6, 10), [], False
        self.speed, self.next = random.randrange(3000, 10000, 100), at + self.cycle * random.uniform(0.8, 1.2)

    def pause(self, at):
        self.running, self.pauses = False, self.pauses + 1
        self.next = at + self.cycle * random.uniform(1, 3)
        if self.pauses % 3 == 0:  # a fault takes longer to clear than a part change
            fault = self.FAULTS[(self.pauses // 3 - 1) % len(self.FAULTS)]
            self.emergency, self.alarms = fault == 'EMG', [] if fault == 'EMG' else [fault]
            self.next += self.cycle * 3

    def sample(self):
        """The machine moved on to now, as one element of a data message."""
        now = time.time()
        while now >= self.next:
            if not self.running:
                self.start(self.next)
                continue
            # the controller's part counter wraps like a real one; a drop tells the platform it was reset
            self.products, self.batch, self.tool = (self.products + 1) % 10000, self.batch - 1, random.randint(1, 20)
            if self.batch:
                self.next += self.cycle * random.uniform(0.8, 1.2)
            else:
                self.pause(self.next)
        run = self.running
        values = {'cnc_type': '0i-MF', 'cnc_runstatus': 3 if run else 1, 'cnc_mode': 1 if run else 0, 'cnc_emer': int(self.emergency),
                  'cnc_alarm': self.alarms, 'cnc_products': self.products, 'cnc_toolnum': self.tool, 'cnc_srate': 100, 'cnc_frate': 100,
                  'cnc_setspeed': self.speed if run else 0, 'cnc_actspeed': round(self.speed * random.uniform(0.98, 1.02)) if run else 0,
                  'cnc_sload': random.randint(20, 60) if run else 0, 'cnc_mainproname': 'O1001', 'device_state': 0}
        return {'device_id': self.code, 'ts': now_ms(), 'device_type': 'fanuc', 'values': [{'name': k, 'value': v} for k, v in values.items()]}


def b64url(part):
    return base64.urlsafe_b64decode(part + '=' * (-len(part) % 4))


class Box:
    """The box: its MQTT connection, its machine tools, and what it keeps across restarts (licence, config, version)."""

    def __init__(self, s):
        self.s, self.rx, self.tx, self.conn, self.online, self.upgrading, self.subscribed = s, 0, 0, '', False, None, None
        self.stopping = threading.Event()
        # the announce (network thread) and the stop's offline (main thread) take turns: offline is the last word
        self.presence = threading.Lock()
        self.file = os.path.join(s.state_dir, f'{s.gateway}.json')
        saved = {}
        if os.path.exists(self.file):
            with open(self.file) as f:
                saved = json.load(f)
        self.version, self.license, self.pending = saved.get('version', s.version), saved.get('license'), saved.get('upgrade')
        self.config = saved.get('config') or {'interval_ms': int(s.interval * 1000),
                                               'machines': [{'code': c, 'category': 'fanuc', 'enabled': True} for c in s.machine]}
        self.machines = {}
        self.key = None
        if s.public_key:
            from cryptography.hazmat.primitives.serialization import load_pem_public_key
            self.key = load_pem_public_key(open(s.public_key, 'rb').read())
        else:
            log('no --public-key: licence signatures are not checked (a real box carries the platform key)')
        args = {'client_id': s.gateway, 'clean_session': True, 'protocol': mqtt.MQTTv311}
        # paho 2.x asks which callback signatures to use; these are paho 1.6's
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION1, **args) if hasattr(mqtt, 'CallbackAPIVersion') else mqtt.Client(**args)

    def topic(self, kind):
        return f'{kind}/{self.s.gateway}/v1'

    def save(self):
        os.makedirs(self.s.state_dir, exist_ok=True)
        with open(self.file + '.tmp', 'w') as f:
            json.dump({'version': self.version, 'license': self.license, 'config': self.config, 'upgrade': self.pending}, f)
        os.replace(self.file + '.tmp', self.file)

    def send(self, kind, body, qos=1, retain=False):
        payload = json.dumps(body, ensure_ascii=False, separators=(',', ':'))
        # bytes on the link, roughly: payload, topic and a few bytes of MQTT header (a real box reads its modem's counters)
        self.tx += len(payload.encode()) + len(self.topic(kind)) + 4
        return self.client.publish(self.topic(kind), payload, qos=qos, retain=retain)

    def arm_will(self):
        """A new connection id for each CONNECT, in its will and its announce, so the platform can tell connections apart."""
        self.conn = secrets.token_urlsafe(12)
        self.client.will_set(self.topic('state'), json.dumps({'online': False, 'conn': self.conn}), qos=1, retain=True)

    def on_connect(self, client, _userdata, _flags, rc):
        if rc != 0:
            return log(f'refused: {mqtt.connack_string(rc)}')  # paho tries again, backing off
        self.subscribed = client.subscribe(self.topic('control'), qos=1)[1]

    def on_subscribe(self, _client, _userdata, mid, granted):
        if mid != self.subscribed or granted[0] == 128:
            return log('the control topic was refused')
        # announce once subscribed: from now on the platform may send commands (the licence first) and they reach us;
        # a box already stopping stays silent, or its online would land after its offline
        with self.presence:
            if self.stopping.is_set():
                return
            self.send('state', {'online': True, 'ts': now_ms(), 'conn': self.conn, 'version': self.version, 'fingerprint': self.s.fingerprint}, retain=True)
            self.online = True
        log(f'online as {self.s.gateway}, version {self.version}')
        self.send_traffic()
        if self.pending:  # back from the reboot of an update: say it is done
            done, self.pending = self.pending, None
            self.save()
            self.send('ota', {'rollout_id': done['rollout_id'], 'state': 'done', 'progress': 100, 'version': self.version})

    def on_disconnect(self, _client, _userdata, rc):
        self.online = False
        if not self.stopping.is_set():
            log(f'connection lost ({rc}), reconnecting')
            self.arm_will()

    def send_data(self):
        enabled = [m for m in self.config['machines'] if m['enabled']]
        for m in enabled:
            self.machines.setdefault(m['code'], Machine(m['code'], self.s.cycle))
        if self.online and enabled:
            self.send('data', [self.machines[m['code']].sample() for m in enabled])

    def send_traffic(self):
        # QoS 0: the counters are cumulative, so a lost report costs nothing
        if self.online:
            self.send('traffic', {'ts': now_ms(), 'rx': self.rx, 'tx': self.tx}, qos=0)

    def on_message(self, _client, _userdata, msg):
        self.rx += len(msg.payload) + len(msg.topic) + 4
        try:
            command = json.loads(msg.payload)
            cmd_id = command['cmd_id']
        except (ValueError, TypeError, KeyError):
            return log('a command without a cmd_id cannot be answered')
        try:
            well_formed = isinstance(command.get('method'), str) and isinstance(command.get('url'), str)
            ret, reply = self.answer(command['method'], command['url'], command.get('data')) if well_formed else (400, '命令格式不正确')
        except Exception as err:  # a bug here still owes the platform an answer
            ret, reply = 500, f'内部错误: {err}'
        self.send('echo', {'cmd_id': cmd_id, 'ret': ret, 'msg': reply})

    def answer(self, method, url, data):
        """The box's HTTP API over MQTT: (ret, msg), ret 0 for success, else an HTTP status."""
        body, route = data if isinstance(data, dict) else {}, f"{method} {url.split('?')[0]}"
        if route == 'GET /api/info':
            return 0, {'version': self.version, 'fingerprint': self.s.fingerprint, 'imei': self.s.imei, 'iccid': self.s.iccid, 'config': self.config}
        if route == 'POST /api/login':
            if not isinstance(body.get('password'), str):
                return 400, '请求参数错误: password'
            return (0, '登录成功') if body['password'] == self.s.password else (410, '密码错误')
        if route == 'GET /api/license':
            return 0, {'installed': bool(self.license), 'claims': self.license and self.check_license(self.license)[0]}
        if route == 'POST /api/license':
            if not isinstance(body.get('license'), str) or not body['license']:
                return 400, '请求参数错误: license'
            claims, refusal = self.check_license(body['license'])
            if refusal:
                return 403, refusal
            self.license = body['license'].strip()
            self.save()
            return 0, {'jti': claims['jti'], 'exp': claims['exp']}
        if route == 'DELETE /api/license':
            self.license = None
            self.save()
            return 0, '授权已删除'
        if route == 'GET /api/config':
            return 0, self.config
        if route == 'POST /api/config':
            return self.set_config(body)
        if route == 'POST /system/upgrade':
            return self.start_upgrade(body)
        return 404, f'未知接口: {method} {url}'

    def check_license(self, certificate):
        """(claims, None) when the certificate holds for this box now, else (None, why), in the platform's words."""
        try:
            head, payload, signature = (b64url(part) for part in certificate.strip().split('.'))
            header, claims = json.loads(head), json.loads(payload)
            if header.get('alg') != 'EdDSA' or 'crit' in header or not isinstance(claims, dict):
                raise ValueError('not an EdDSA certificate')
        except Exception:
            return None, '证书格式不正确'
        if self.key:
            try:
                self.key.verify(signature, certificate.strip().rsplit('.', 1)[0].encode())
            except Exception:
                return None, '签名无效'
        if claims.get('nbf', 0) > time.time():
            return None, '授权尚未生效'
        if claims.get('exp', 0) <= time.time():
            return None, '授权已过期'
        if claims.get('finger_print') != self.s.fingerprint:
            return None, '设备指纹不匹配'
        return claims, None

    def set_config(self, body):
        """A new collection config, refused as the licence says: 403 without one in force, 409 past its count."""
        config = dict(self.config, **{k: body[k] for k in ('interval_ms', 'machines') if k in body})
        machines, interval = config['machines'], config['interval_ms']
        if type(interval) is not int or not 100 <= interval <= 3_600_000 or not isinstance(machines, list) or not all(
                isinstance(m, dict) and isinstance(m.get('code'), str) and isinstance(m.get('category'), str) and isinstance(m.get('enabled'), bool)
                for m in machines):
            return 400, '请求参数错误: interval_ms 为 100–3600000 的整数, machines 为 [{code, category, enabled}]'
        enabled = [m for m in machines if m['enabled']]
        claims = self.license and self.check_license(self.license)[0]
        if enabled and not claims:
            return 403, '未授权或授权已过期'
        counts = {c['model']: c['count'] for c in (claims or {}).get('count', [])}
        for m in enabled:
            # with `all` above 0 every brand shares that total, else each brand has its own count
            shared = counts.get('all', 0) > 0
            allowed = counts['all'] if shared else counts.get(m['category'], 0)
            if (len(enabled) if shared else sum(e['category'] == m['category'] for e in enabled)) > allowed:
                return 409, {'count': allowed, 'message': f'当前型号启用数量超出授权数量,授权数量为{allowed}'}
        self.config = config
        self.save()
        return 0, config

    def start_upgrade(self, order):
        """Answers at once and updates in the background; the same order again while it runs is not a second update."""
        if not (type(order.get('rollout_id')) is int and isinstance(order.get('version'), str) and type(order.get('size')) is int
                and re.fullmatch('[0-9a-f]{64}', str(order.get('sha256'))) and str(order.get('url')).startswith(('http://', 'https://'))):
            return 400, '请求参数错误: rollout_id, version, url (http/https), sha256, size'
        busy = self.upgrading
        if busy:
            same = (busy['rollout_id'], busy['version']) == (order['rollout_id'], order['version'])
            return (0, '升级进行中') if same else (409, f"正在升级到 {busy['version']}, 请稍后再试")
        self.upgrading = order
        threading.Thread(target=self.upgrade, args=(order,), daemon=True).start()
        return 0, '开始升级'

    def upgrade(self, order):
        """Downloads the file from its signed link, checks size and SHA-256, then reboots into it; or says why not."""
        def report(state, **more):
            return self.send('ota', {'rollout_id': order['rollout_id'], 'state': state, **more})
        try:
            report('downloading', progress=0)
            digest, size, step, total = hashlib.sha256(), 0, 20, max(order['size'], 1)
            with urllib.request.urlopen(order['url'], timeout=30) as res:
                while chunk := res.read(64 * 1024):
                    size, self.rx = size + len(chunk), self.rx + len(chunk)
                    if size > order['size']:
                        raise ValueError('文件大小不符')
                    digest.update(chunk)
                    if size * 100 >= step * total:  # progress in steps of 20 %, not per chunk
                        report('downloading', progress=size * 100 // total // 20 * 20)
                        step = size * 100 // total // 20 * 20 + 20
            report('verifying')
            if size != order['size']:
                raise ValueError('文件大小不符')
            if digest.hexdigest() != order['sha256']:
                raise ValueError('SHA-256 校验失败')
            # the last word before the reboot must be out, or it would be lost with the connection
            report('installing').wait_for_publish(5)
        except urllib.error.HTTPError as err:
            reason = f'下载失败: HTTP {err.code}'
        except ValueError as err:
            reason = str(err)
        except (OSError, RuntimeError) as err:
            reason = f'下载失败: {err}'
        else:
            return self.reboot_into(order)
        self.upgrading = None
        report('failed', error=reason)

    def reboot_into(self, order):
        """"Installs" (keeps the new version) and restarts the process as a box reboots: the connection drops without
        a DISCONNECT, so the broker sends the will; the new process announces the new version and reports done."""
        self.version, self.pending = order['version'], {'rollout_id': order['rollout_id'], 'version': order['version']}
        self.save()
        log(f'rebooting into {self.version}')
        os.execv(sys.executable, [sys.executable] + sys.argv)

    def run(self):
        c = self.client
        c.username_pw_set(self.s.gateway, self.s.secret)
        if self.s.tls or self.s.cafile:
            c.tls_set(ca_certs=self.s.cafile)
        c.on_connect, c.on_subscribe, c.on_message, c.on_disconnect = self.on_connect, self.on_subscribe, self.on_message, self.on_disconnect
        # paho doubles the wait up to 60 s; a random first wait keeps a fleet from reconnecting in step
        c.reconnect_delay_set(random.uniform(1, 2), 60)
        self.arm_will()
        c.connect_async(self.s.host, self.s.port, keepalive=self.s.keepalive)
        c.loop_start()
        next_data, next_traffic = 0.0, time.time() + self.s.traffic_interval
        while not self.stopping.wait(0.05):
            if time.time() >= next_data:
                next_data = time.time() + self.config['interval_ms'] / 1000
                self.send_data()
            if time.time() >= next_traffic:
                next_traffic = time.time() + self.s.traffic_interval
                self.send_traffic()
        # a clean stop: say offline itself (a clean DISCONNECT makes the broker drop the will), then disconnect
        with self.presence:  # the network thread may not be held while we wait on it
            said = self.send('state', {'online': False, 'ts': now_ms(), 'conn': self.conn}, retain=True) if self.online else None
        if said:
            try:
                said.wait_for_publish(2)
            except (RuntimeError, ValueError):
                pass
        c.disconnect()
        c.loop_stop()
        log('stopped')


if __name__ == '__main__':
    box = Box(settings())
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: box.stopping.set())
    box.run()
