import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Switch, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { ColumnSettings } from './ColumnSettings';
import { ExportButton } from './ExportButton';
import { ImportButton } from './ImportButton';
import { RT } from './messages';
import type { ColumnSettingsControls } from './useColumnSettings';

export interface Allowed {
  add: boolean;
  edit: boolean;
  delete: boolean;
  export: boolean;
  import: boolean;
}

interface Props {
  resource: string;
  title: string;
  allowed: Allowed;
  /** Why 新增 is disabled now: shown as its tooltip. */
  addRefused?: string;
  onAdd: () => void;
  /** What an export covers. */
  filters: Record<string, unknown>;
  onRefresh: () => void;
  autoRefresh: boolean;
  setAutoRefresh: (on: boolean) => void;
  columns: ColumnSettingsControls;
  extra?: ReactNode;
}

/**
 * The buttons above a list that need no selection: 新增, 导出, 导入 (each only with its permission), the page's extra
 * buttons, then 自动刷新, 刷新 and 列设置. What acts on selected rows waits in the selection bar.
 */
export function Toolbar(props: Props) {
  const { resource, title, allowed } = props;
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
      <Space wrap>
        {allowed.add &&
          (props.addRefused ? (
            // a disabled button takes no pointer events: the tooltip listens on a wrapper
            <Tooltip title={props.addRefused}>
              <span>
                <Button type="primary" icon={<PlusOutlined />} disabled>
                  {RT.add}
                </Button>
              </span>
            </Tooltip>
          ) : (
            <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd}>
              {RT.add}
            </Button>
          ))}
        {allowed.export && <ExportButton resource={resource} filters={props.filters} />}
        {allowed.import && <ImportButton resource={resource} title={title} onImported={props.onRefresh} />}
        {props.extra}
      </Space>
      <Space>
        <Switch checked={props.autoRefresh} onChange={props.setAutoRefresh} checkedChildren={RT.autoRefresh} unCheckedChildren={RT.autoRefresh} aria-label={RT.autoRefresh} />
        <Tooltip title={RT.refresh}>
          <Button icon={<SyncOutlined />} aria-label={RT.refresh} onClick={props.onRefresh} />
        </Tooltip>
        <ColumnSettings state={props.columns} />
      </Space>
    </Flex>
  );
}
