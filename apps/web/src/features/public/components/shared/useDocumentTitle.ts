import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Rockets Spring Drive · FUNDRAISER CONSOLE" while the page is open. */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${t('app.title')}`;
    return () => {
      document.title = previous;
    };
  }, [title, t]);
}
