import { useAppStore } from '../../stores/app';
import { useSettingsStore } from '../../stores/settings';
import { SettingsButton } from '../settings/SettingsDrawer';
import { AvatarMenu } from './AvatarMenu';
import { Breadcrumb } from './Breadcrumb';
import { ErrorLogButton } from './ErrorLogButton';
import { Hamburger } from './Hamburger';
import { HeaderSearch } from './HeaderSearch';
import { LangSelect } from './LangSelect';
import { Screenfull } from './Screenfull';
import { SizeSelect } from './SizeSelect';

/** The header bar; on a phone only the essentials stay on the right. */
export function Navbar() {
  const mobile = useAppStore((s) => s.device === 'mobile');
  const showSettings = useSettingsStore((s) => s.showSettings);
  return (
    <header className="navbar">
      <Hamburger />
      <Breadcrumb />
      <div className="right-menu">
        {!mobile && (
          <>
            <HeaderSearch />
            <Screenfull />
            <SizeSelect />
          </>
        )}
        <ErrorLogButton />
        <LangSelect />
        {showSettings && <SettingsButton />}
        <AvatarMenu />
      </div>
    </header>
  );
}
