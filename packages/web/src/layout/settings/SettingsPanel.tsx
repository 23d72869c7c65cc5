import { ColorPicker, Drawer, Switch } from 'antd';
import { useTranslation } from '../../i18n';
import { useShallow } from 'zustand/react/shallow';
import { COLORS } from '../../settings';
import { useSettingsStore } from '../../stores/settings';
import { useLayoutStore } from '../store';

/** Theme colours: first the two defaults (COLORS.theme, COLORS.themeAlt), then the original console family's picks. */
const THEME_PRESETS = [COLORS.theme, COLORS.themeAlt, '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

const SWITCHES = ['tagsView', 'fixedHeader', 'sidebarLogo', 'sidebarTextTheme'] as const;

const changeSetting = (key: string, value: unknown) => useSettingsStore.getState().changeSetting(key, value);

/** The 系统布局配置 drawer: theme colour and the four switches, each through changeSetting (remembered). */
export default function SettingsPanel() {
  const { t } = useTranslation();
  const open = useLayoutStore((s) => s.settingsOpen);
  const settings = useSettingsStore(
    useShallow((s) => ({
      theme: s.theme,
      tagsView: s.tagsView,
      fixedHeader: s.fixedHeader,
      sidebarLogo: s.sidebarLogo,
      sidebarTextTheme: s.sidebarTextTheme,
    })),
  );

  return (
    <Drawer title={t('settings.title')} placement="right" size={280} open={open} onClose={() => useLayoutStore.getState().setSettingsOpen(false)}>
      <div className="settings-item">
        <span>{t('settings.theme')}</span>
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: t('settings.theme'), colors: THEME_PRESETS, defaultOpen: true }]}
          onChangeComplete={(color) => changeSetting('theme', color.toHexString())}
        />
      </div>
      {SWITCHES.map((key) => (
        <div className="settings-item" key={key}>
          <span id={`settings-${key}`}>{t(`settings.${key}`)}</span>
          <Switch aria-labelledby={`settings-${key}`} checked={settings[key]} onChange={(value) => changeSetting(key, value)} />
        </div>
      ))}
    </Drawer>
  );
}
