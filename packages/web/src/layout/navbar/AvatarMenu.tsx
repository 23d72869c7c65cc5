import { CaretDownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from '../../i18n';
import { useNavigate } from 'react-router';
import { useLogout, useSwitchRole } from '../../app/hooks';
import { useUserStore } from '../../stores/user';
import { imageUrl } from '../../utils/image';
import { LAYOUT_TEXT } from '../messages';
import { useLayoutStore } from '../store';
import { isSize, useSizeOptions } from './useSizeOptions';

const SIZE_PREFIX = 'size:';
const ROLE_PREFIX = 'role:';

/**
 * The user's avatar and name; its menu: 首页, 个人中心, 换肤 (settings drawer), 布局大小, 切换角色 (only with
 * more than one role) and 退出登录.
 */
export function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useUserStore((s) => s.info);
  const logout = useLogout();
  const switchRole = useSwitchRole();
  const openSettings = useLayoutStore((s) => s.setSettingsOpen);
  const sizes = useSizeOptions();
  const roles = info?.all_roles ?? [];
  const currentRole = info?.roles[0]?.id;

  const items: MenuProps['items'] = [
    { key: 'dashboard', label: t('navbar.dashboard') },
    { key: 'profile', label: t('navbar.profile') },
    { key: 'theme', label: t('navbar.theme') },
    { key: 'size', label: t('navbar.size'), children: sizes.items.map((i) => ({ ...i, key: SIZE_PREFIX + i.key })) },
    ...(roles.length > 1
      ? [
          {
            key: 'role',
            label: t('navbar.switchRole'),
            children: roles.map((r) => ({ key: ROLE_PREFIX + r.id, label: r.name, disabled: r.id === currentRole })),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', label: t('navbar.logOut') },
  ];

  const onClick = async (key: string) => {
    if (key === 'dashboard') await navigate('/');
    else if (key === 'profile') await navigate('/dashboard');
    else if (key === 'theme') openSettings(true);
    else if (key === 'logout') {
      await logout();
      await navigate('/login', { replace: true });
    } else if (key.startsWith(SIZE_PREFIX)) {
      const size = key.slice(SIZE_PREFIX.length);
      if (isSize(size)) sizes.change(size);
    } else if (key.startsWith(ROLE_PREFIX)) {
      // a failed switch has already been reported by the request client
      await switchRole(Number(key.slice(ROLE_PREFIX.length))).catch(() => undefined);
    }
  };

  // the button is named by what it shows (the name) and then the login name, so that a voice command saying
  // the name it reads finds it, and a screen reader hears both
  const shown = info?.name || info?.username;
  const label = [shown, info?.username !== shown && info?.username].filter(Boolean).join(' ') || LAYOUT_TEXT.user;
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => void onClick(key) }}>
      <button type="button" className="avatar-wrapper navbar-button" aria-label={label}>
        <Avatar size="small" shape="square" src={imageUrl(info?.avatar) || undefined} icon={<UserOutlined />} />
        <span className="avatar-name">{shown}</span>
        <CaretDownOutlined />
      </button>
    </Dropdown>
  );
}
