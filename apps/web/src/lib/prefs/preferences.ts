/** Layout preferences kept in localStorage (spec §3, §9): default horizontal layout, light skin. */
export const SKINS = ['light', 'dark', 'bordered', 'semi-dark'] as const;
export type Skin = (typeof SKINS)[number];
export type LayoutKind = 'horizontal' | 'vertical';

export interface LayoutPreferences {
  skin: Skin;
  layout: LayoutKind;
  rtl: boolean;
  menuCollapsed: boolean;
}

export const PREFERENCES_KEY = 'layoutPreferences';
export const DEFAULT_PREFERENCES: LayoutPreferences = {
  skin: 'light',
  layout: 'horizontal',
  rtl: false,
  menuCollapsed: false,
};
/** Below this width the horizontal menu becomes a drawer; above it the chosen layout returns. */
export const LAYOUT_BREAKPOINT = 1200;

export function readPreferences(): LayoutPreferences {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return DEFAULT_PREFERENCES;
    const r = raw as Partial<Record<keyof LayoutPreferences, unknown>>;
    return {
      skin: SKINS.includes(r.skin as Skin) ? (r.skin as Skin) : DEFAULT_PREFERENCES.skin,
      layout: r.layout === 'vertical' || r.layout === 'horizontal' ? r.layout : DEFAULT_PREFERENCES.layout,
      rtl: r.rtl === true,
      menuCollapsed: r.menuCollapsed === true,
    };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function writePreferences(prefs: LayoutPreferences): void {
  localStorage.setItem(PREFERENCES_KEY, JSON.stringify(prefs));
}
