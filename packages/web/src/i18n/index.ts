import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from '../stores/app';
import { en } from './en';
import { zh } from './zh';

void i18next.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: useAppStore.getState().language,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

useAppStore.subscribe((state, previous) => {
  if (state.language !== previous.language) void i18next.changeLanguage(state.language);
});

/** A route title in the current language (falls back to the key). */
export const routeTitle = (key: string | undefined): string => (key ? i18next.t(`route.${key}`, { defaultValue: key }) : '');

export default i18next;
