import { ColumnHeightOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from '../../i18n';
import { isSize, useSizeOptions } from './useSizeOptions';

/** The header's global size menu. */
export function SizeSelect() {
  const { t } = useTranslation();
  const { size, items, change } = useSizeOptions();
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [size], onClick: ({ key }) => isSize(key) && change(key) }}
    >
      <button type="button" className="navbar-button" aria-label={t('navbar.size')}>
        <ColumnHeightOutlined />
      </button>
    </Dropdown>
  );
}
