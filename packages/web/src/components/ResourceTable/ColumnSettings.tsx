import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip } from 'antd';
import { RT } from './messages';
import type { ColumnSettingsControls } from './useColumnSettings';

/**
 * The 列设置 popover: a checkbox per column to show or hide it, arrows to move it, 重置 to forget the choice. The
 * key column stays shown and first.
 */
export function ColumnSettings({ state }: { state: ColumnSettingsControls }) {
  const { settings, setVisible, move, reset } = state;
  const visibleCount = settings.filter((s) => s.visible).length;
  const content = (
    <Flex vertical gap={4} style={{ minWidth: 200 }}>
      {settings.map((item, index) => {
        const label = typeof item.title === 'string' ? item.title : item.key;
        return (
          <Flex key={item.key} justify="space-between" align="center" gap={8}>
            <Checkbox
              checked={item.visible}
              // the last visible column stays: a table without columns helps no one
              disabled={item.fixed || (item.visible && visibleCount === 1)}
              onChange={(e) => setVisible(item.key, e.target.checked)}
            >
              {label}
            </Checkbox>
            <span>
              <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={`${RT.moveUp} ${label}`} disabled={item.fixed || index === 0 || settings[index - 1].fixed} onClick={() => move(item.key, -1)} />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={`${RT.moveDown} ${label}`}
                disabled={item.fixed || index === settings.length - 1}
                onClick={() => move(item.key, 1)}
              />
            </span>
          </Flex>
        );
      })}
      <Button size="small" type="link" onClick={reset} style={{ alignSelf: 'flex-end' }}>
        {RT.reset}
      </Button>
    </Flex>
  );
  return (
    <Popover content={content} title={RT.columns} trigger="click" placement="bottomRight">
      <Tooltip title={RT.columns}>
        <Button icon={<SettingOutlined />} aria-label={RT.columns} />
      </Tooltip>
    </Popover>
  );
}
