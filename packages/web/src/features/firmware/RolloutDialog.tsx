import { ROLLOUT_OFFLINE_DEADLINE_MINUTES, ROLLOUT_PATH, type RolloutCreate, type RolloutTargetType, VERSION_PATH, type Version, labelOf, rolloutCreateSchema, rolloutResource } from '@gw/contracts';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../components/FormDialog';
import { RemoteSelect } from '../../components/RemoteSelect';
import { zodRule } from '../../utils/form';
import { useCreateRollout } from './api';
import { M } from './messages';
import { RolloutTargetField } from './RolloutTargetField';

const shape = rolloutCreateSchema.shape;
const label = (field: string) => labelOf(rolloutResource, field);

interface Values {
  version_id: number;
  target_type: RolloutTargetType;
  target_ids: number[];
  by_percent: boolean;
  batch_size?: number;
  batch_percent?: number;
  concurrency: number;
  pause_seconds: number;
  stop_failure_percent: number;
  offline_deadline_minutes: number;
  remark?: string;
}

const DEFAULTS: Omit<Values, 'version_id'> = {
  target_type: 'devices',
  target_ids: [],
  by_percent: false,
  batch_size: 50,
  batch_percent: 10,
  concurrency: 50,
  pause_seconds: 0,
  stop_failure_percent: 20,
  offline_deadline_minutes: ROLLOUT_OFFLINE_DEADLINE_MINUTES,
  remark: '',
};

/** The form → POST /system/rollout's body: the target as {type, ids}, a batch as a count or a share, not both. */
export function rolloutBody(values: Values): RolloutCreate {
  const { target_type, target_ids, by_percent, batch_size, batch_percent, remark, ...plan } = values;
  return {
    ...plan,
    target: { type: target_type, ids: target_ids },
    ...(by_percent ? { batch_percent: batch_percent! } : { batch_size: batch_size! }),
    remark: remark?.trim() ?? '',
  };
}

const whole = { precision: 0, style: { width: '100%' } } as const;

/**
 * 新建固件推送: a published release (the one the row's 推送 was pressed on, or chosen here), who gets it, and the
 * plan: batches by count or share, how many boxes at once, the pause between batches, the failure share that
 * stops it, how long a box may stay offline. Once created, its page opens.
 */
export function RolloutDialog({ open, onClose, version }: { open: boolean; onClose: () => void; version?: Version | null }) {
  const create = useCreateRollout();
  const navigate = useNavigate();
  const submit = async (values: Values) => {
    const created = await create.mutateAsync(rolloutBody(values));
    if (created?.id) void navigate(`${ROLLOUT_PATH}/${created.id}`);
  };
  const known = version ? [{ id: version.id, version: version.version }] : [];
  const labelRender = ({ value, label: shown }: { value: unknown; label?: unknown }) => (shown as string | undefined) ?? known.find((v) => v.id === value)?.version ?? String(value);
  return (
    <FormDialog<Values> title={M.rolloutTitle} open={open} onClose={onClose} onSubmit={submit} submitting={create.isPending} width={720} initialValues={{ ...DEFAULTS, version_id: version?.id }}>
      {(form) => (
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="version_id" label={label('version_id')} rules={[{ required: true, message: M.versionPlaceholder }]}>
              <RemoteSelect url={VERSION_PATH} params={{ status: 'published' }} labelField="version" placeholder={M.versionPlaceholder} labelRender={labelRender} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <RolloutTargetField />
          </Col>
          <Col span={8}>
            <Form.Item name="by_percent" label={M.byPercent} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.by_percent !== b.by_percent}>
              {() =>
                form.getFieldValue('by_percent') ? (
                  <Form.Item name="batch_percent" label={label('batch_percent')} rules={[{ required: true, message: '请输入每批比例' }, zodRule(shape.batch_percent)]}>
                    <InputNumber min={1} max={100} {...whole} />
                  </Form.Item>
                ) : (
                  <Form.Item name="batch_size" label={label('batch_size')} rules={[{ required: true, message: '请输入每批数量' }, zodRule(shape.batch_size)]}>
                    <InputNumber min={1} {...whole} />
                  </Form.Item>
                )
              }
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="concurrency" label={label('concurrency')} rules={[{ required: true, message: '请输入并发数' }, zodRule(shape.concurrency)]}>
              <InputNumber min={1} {...whole} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="pause_seconds" label={label('pause_seconds')} rules={[{ required: true, message: '请输入批次间隔' }, zodRule(shape.pause_seconds)]}>
              <InputNumber min={0} {...whole} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="stop_failure_percent" label={label('stop_failure_percent')} rules={[{ required: true, message: '请输入失败率阈值' }, zodRule(shape.stop_failure_percent)]}>
              <InputNumber min={0} max={100} {...whole} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="offline_deadline_minutes" label={label('offline_deadline_minutes')} rules={[{ required: true, message: '请输入离线等待时间' }, zodRule(shape.offline_deadline_minutes)]}>
              <InputNumber min={1} {...whole} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={label('remark')} rules={[zodRule(shape.remark)]}>
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </FormDialog>
  );
}
