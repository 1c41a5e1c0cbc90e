import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type LayoutPreferences, readPreferences, writePreferences } from './preferences';

interface PreferencesContextValue {
  prefs: LayoutPreferences;
  update: (patch: Partial<LayoutPreferences>) => void;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [prefs, setPrefs] = useState<LayoutPreferences>(() => readPreferences());

  const update = useCallback((patch: Partial<LayoutPreferences>) => {
    setPrefs((prev) => {
      const next = { ...prev, ...patch };
      writePreferences(next);
      return next;
    });
  }, []);

  useEffect(() => {
    document.documentElement.dir = prefs.rtl ? 'rtl' : 'ltr';
  }, [prefs.rtl]);

  const value = useMemo(() => ({ prefs, update }), [prefs, update]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesContextValue {
  const ctx = useContext(PreferencesContext);
  if (!ctx) throw new Error('usePreferences must be used inside PreferencesProvider');
  return ctx;
}
