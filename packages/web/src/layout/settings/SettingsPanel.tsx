import { CheckOutlined } from '@ant-design/icons';
import { ColorPicker, Drawer, Switch } from 'antd';
import { useTranslation } from '../../i18n';
import { useShallow } from 'zustand/react/shallow';
import { COLORS } from '../../settings';
import { useSettingsStore } from '../../stores/settings';
import { useLayoutStore } from '../store';
import { carriesText, contrast, inkOf, normalHex } from '../theme';

/** Theme colours: first the two defaults (COLORS.theme, COLORS.themeAlt), then the original console family's picks. */
const THEME_PRESETS = [COLORS.theme, COLORS.themeAlt, '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

const SWITCHES = ['tagsView', 'fixedHeader', 'sidebarLogo', 'sidebarTextTheme'] as const;

/** What the panel says about the theme colours' contrast (Chinese only: these texts are not in the route titles' i18n). */
const THEME_TEXT = {
  contrast: '白字对比度',
  passes: '可直接承载白字',
  darkened: '文字处自动加深',
  others: '其余颜色在文字处自动加深',
  current: '当前主题色',
  ink: '文字用',
} as const;

const changeSetting = (key: string, value: unknown) => useSettingsStore.getState().changeSetting(key, value);

/** White text's contrast on a colour, as read out: 2.8:1. */
const ratioOf = (colour: string) => `${contrast(normalHex(colour), '#ffffff').toFixed(1)}:1`;

/**
 * The presets, each with its contrast against white text and a tick where white text may sit on it as it is
 * (4.5:1 or more). The others — the default #409EFF among them — are still offered: the console then writes in a
 * darker shade of them (layout/theme.ts), and the line below says which.
 */
function ThemeContrast({ theme }: { theme: string }) {
  const ink = inkOf(theme).ink;
  return (
    <>
      <ul className="settings-themes" aria-label={THEME_TEXT.contrast}>
        {THEME_PRESETS.map((colour) => {
          const passes = carriesText(colour);
          const verdict = passes ? THEME_TEXT.passes : THEME_TEXT.darkened;
          return (
            <li key={colour}>
              <button
                type="button"
                className="settings-theme-swatch"
                style={{ background: colour }}
                aria-pressed={normalHex(colour) === normalHex(theme)}
                aria-label={`${colour} ${THEME_TEXT.contrast} ${ratioOf(colour)},${verdict}`}
                title={verdict}
                onClick={() => changeSetting('theme', colour)}
              >
                {passes && <CheckOutlined />}
              </button>
              <span className="settings-theme-ratio">{ratioOf(colour)}</span>
            </li>
          );
        })}
      </ul>
      <p className="settings-note">
        <CheckOutlined /> {THEME_TEXT.passes}({THEME_TEXT.contrast} ≥ 4.5:1),{THEME_TEXT.others}。
      </p>
      <p className="settings-note">
        {THEME_TEXT.current} {ratioOf(theme)}
        {!carriesText(theme) && (
          <>
            ,{THEME_TEXT.ink} <span className="settings-ink" style={{ background: ink }} /> {ink}
          </>
        )}
      </p>
    </>
  );
}

/** The 系统布局配置 drawer: theme colour (with its contrast) and the four switches, each through changeSetting (remembered). */
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
    <Drawer title={t('settings.title')} placement="right" size={300} open={open} onClose={() => useLayoutStore.getState().setSettingsOpen(false)}>
      <div className="settings-item">
        <span id="settings-theme">{t('settings.theme')}</span>
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          aria-labelledby="settings-theme"
          presets={[{ label: t('settings.theme'), colors: THEME_PRESETS, defaultOpen: true }]}
          onChangeComplete={(color) => changeSetting('theme', color.toHexString())}
        />
      </div>
      <ThemeContrast theme={settings.theme} />
      {SWITCHES.map((key) => (
        <div className="settings-item" key={key}>
          <span id={`settings-${key}`}>{t(`settings.${key}`)}</span>
          <Switch aria-labelledby={`settings-${key}`} checked={settings[key]} onChange={(value) => changeSetting(key, value)} />
        </div>
      ))}
    </Drawer>
  );
}
