import { create } from 'zustand';
import { DEFAULT_SETTINGS, STORAGE, type Settings } from '../settings';

function load(): Settings {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE.settings) ?? '{}') as Record<string, unknown>;
    return { ...DEFAULT_SETTINGS, ...pickKnown(saved) };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** Only keys that exist in the settings, with a value of their type, are taken; anything else is dropped. */
function pickKnown(values: Record<string, unknown>): Partial<Settings> {
  const known: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (Object.hasOwn(DEFAULT_SETTINGS, key) && typeof value === typeof DEFAULT_SETTINGS[key as keyof Settings]) known[key] = value;
  }
  return known;
}

interface SettingsState extends Settings {
  changeSetting: (key: string, value: unknown) => void;
}

/** The settings drawer's state, remembered across reloads. */
export const useSettingsStore = create<SettingsState>((set, get) => ({
  ...load(),
  changeSetting(key, value) {
    const patch = pickKnown({ [key]: value });
    if (!Object.keys(patch).length) return;
    set(patch);
    const { changeSetting: _omit, ...current } = { ...get(), ...patch };
    localStorage.setItem(STORAGE.settings, JSON.stringify(current));
  },
}));
