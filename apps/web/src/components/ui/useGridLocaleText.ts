import type { GridLocaleText } from '@mui/x-data-grid';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type LocaleText = Partial<GridLocaleText>;
let spanish: LocaleText | undefined;

/**
 * The DataGrid's own texts in the UI language: English is built in; Spanish loads when it is the
 * language (importing the grid's locales up front builds number formats on every grid page).
 */
export function useGridLocaleText(): LocaleText | undefined {
  const { i18n } = useTranslation();
  const es = i18n.language === 'es';
  const [text, setText] = useState(spanish);
  useEffect(() => {
    if (!es || spanish) return;
    let live = true;
    import('@mui/x-data-grid/locales').then(({ esES }) => {
      spanish = esES.components.MuiDataGrid.defaultProps.localeText;
      if (live) setText(spanish);
    });
    return () => {
      live = false;
    };
  }, [es]);
  return es ? (text ?? spanish) : undefined;
}
