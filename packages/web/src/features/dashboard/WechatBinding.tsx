import { WECHAT_BIND_CODE_PATH, WECHAT_BIND_CODE_TTL_SECONDS, WECHAT_UNBIND_PATH, type WechatBindCode } from '@gw/contracts';
import { Button, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { useUserStore } from '../../stores/user';
import { parseTime } from '../../utils/format';
import { toast } from '../../utils/notify';
import { request } from '../../utils/request';
import { M } from './messages';

const W = M.wechat;
const TTL_MINUTES = WECHAT_BIND_CODE_TTL_SECONDS / 60;

/** Reloads the user (GET /user/info) into the store: the binding is made on WeChat's side, not here. */
const reloadUser = () => useUserStore.getState().getInfo();

/**
 * 微信 in the profile: 已绑定 with 解绑, or 未绑定 with 获取绑定码, which shows a one-time code to send to the
 * official account as `绑定 <code>` within 10 minutes, and 刷新状态 to see the binding once sent.
 */
export function WechatBinding() {
  const bound = !!useUserStore((s) => s.info?.wx_openid);
  const [code, setCode] = useState<WechatBindCode | null>(null);
  const getCode = useMutation({
    mutationFn: async () => (await request<WechatBindCode>({ url: WECHAT_BIND_CODE_PATH, method: 'POST' })).data,
    onSuccess: setCode,
  });
  const unbind = useMutation({
    mutationFn: async () => {
      await request({ url: WECHAT_UNBIND_PATH, method: 'POST' });
      await reloadUser();
    },
    onSuccess: () => toast.success(W.unboundDone),
  });
  const refresh = useMutation({
    mutationFn: reloadUser,
    onSuccess: (info) => {
      if (info.wx_openid) {
        setCode(null);
        toast.success(W.nowBound);
      } else toast.info(W.notYet);
    },
  });

  if (bound)
    return (
      <Space>
        <Tag color="success">{W.bound}</Tag>
        <Popconfirm title={W.unbindConfirm} onConfirm={() => unbind.mutate()}>
          <Button size="small" danger loading={unbind.isPending}>
            {W.unbind}
          </Button>
        </Popconfirm>
      </Space>
    );
  return (
    <Flex vertical gap={8} align="flex-start">
      <Space>
        <Tag>{W.unbound}</Tag>
        <Button size="small" loading={getCode.isPending} onClick={() => getCode.mutate()}>
          {code ? W.newCode : W.getCode}
        </Button>
      </Space>
      {code ? (
        <>
          <Typography.Text strong data-testid="wechat-bind-code" style={{ fontSize: 28, letterSpacing: 6 }}>
            {code.code}
          </Typography.Text>
          <Typography.Text>{W.instruction(TTL_MINUTES, code.code)}</Typography.Text>
          <Typography.Text type="secondary">{W.expiresAt(parseTime(code.expires_at))}</Typography.Text>
          <Space>
            <CopyButton size="small" text={W.command(code.code)}>
              {W.copy}
            </CopyButton>
            <Button size="small" loading={refresh.isPending} onClick={() => refresh.mutate()}>
              {W.refresh}
            </Button>
          </Space>
        </>
      ) : (
        <Typography.Text type="secondary">{W.hint}</Typography.Text>
      )}
    </Flex>
  );
}
