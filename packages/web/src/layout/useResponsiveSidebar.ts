import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '../settings';
import { useAppStore } from '../stores/app';

const isMobileWidth = () => window.innerWidth < MOBILE_BREAKPOINT_PX;

/**
 * Below 992 px the console is in mobile mode and the sidebar closes (without animation) on entering it; in mobile
 * mode it also closes after each navigation, since it covers the page.
 */
export function useResponsiveSidebar(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const onResize = () => {
      if (document.hidden) return;
      const mobile = isMobileWidth();
      const app = useAppStore.getState();
      if (mobile && app.device !== 'mobile') app.closeSideBar(true);
      app.toggleDevice(mobile ? 'mobile' : 'desktop');
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    const app = useAppStore.getState();
    if (app.device === 'mobile' && app.sidebar.opened) app.closeSideBar(false);
  }, [pathname]);
}
