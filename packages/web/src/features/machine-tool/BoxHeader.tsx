import { DEVICE_PATH } from '@gw/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useCan } from '../../utils/permission';
import { useBox } from './api';
import { M } from './messages';

/** "设备名称 [VPN IP地址:x]" of the box, with its fingerprint as a tag. */
export function BoxHeader({ id }: { id: number }) {
  const can = useCan();
  const box = useBox(id, can(DEVICE_PATH, 'query')).data;
  const name = box ? box.name || box.gateway_id : `#${id}`;
  return (
    <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {`${name} [${M.vpnIp}:${box?.vpn_ip ?? ''}]`}
      </Typography.Title>
      {box?.fingerprint && <Tag color="blue">{box.fingerprint}</Tag>}
    </Flex>
  );
}
