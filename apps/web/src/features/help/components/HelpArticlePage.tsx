import {
  Box,
  Breadcrumbs,
  Card,
  CardContent,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/States';
import { isApiError } from '../../../lib/api/errors';
import { useCalendarDate } from '../../../lib/format';
import { useHelpArticle } from '../api/help';
import { HelpNotFound } from './HelpNotFound';

/** Typography for the server-rendered article (h2, h3, paragraphs, lists, links, code). */
const PROSE = {
  '& h2': { typography: 'h6', mt: 3, mb: 1 },
  '& h3': { typography: 'subtitle1', fontWeight: 600, mt: 2, mb: 1 },
  '& p, & li': { typography: 'body1', lineHeight: 1.7 },
  '& ol, & ul': { pl: 3, my: 1 },
  '& li': { mb: 0.5 },
  '& a': { color: 'primary.main' },
  '& code': { fontFamily: 'monospace', fontSize: '0.9em', px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover' },
  overflowWrap: 'anywhere',
} as const;

/** /help/university/{module}/{category}/{article}: the article, its place and related articles. */
export function HelpArticlePage() {
  const { t } = useTranslation();
  const date = useCalendarDate();
  const navigate = useNavigate();
  const { module = '', category = '', article = '' } = useParams();
  const query = useHelpArticle(`${module}/${category}/${article}`);
  if (query.isError && isApiError(query.error) && [400, 404].includes(query.error.status)) return <HelpNotFound />;
  const a = query.data?.data;

  // Links between articles and to console pages stay in the app (no full reload).
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const link = (e.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || link?.target || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(href);
  };

  return (
    <>
      <Breadcrumbs aria-label={t('help.breadcrumb')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/help/university" underline="hover">
          {t('help.title')}
        </Link>
        {a ? (
          <Link component={RouterLink} to={`/help/university/${a.module}`} underline="hover">
            {a.moduleTitle}
          </Link>
        ) : null}
        {a ? <Typography color="text.secondary">{a.categoryTitle}</Typography> : null}
      </Breadcrumbs>
      {query.isError ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : null}
      {query.isPending ? <Skeleton variant="rounded" height={320} /> : null}
      {a ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' } }}>
          <Box component="article" aria-labelledby="help-article-title">
            <Typography id="help-article-title" variant="h4" component="h1" sx={{ mb: 1 }}>
              {a.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1, fontSize: '1.1rem' }}>
              {a.summary}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('help.updated', { date: date(a.updated) })}
            </Typography>
            {/* Rendered on the server from our Markdown files, raw HTML escaped (decision 022). */}
            <Box
              sx={PROSE}
              onClick={onClick}
              data-testid="help-article-body"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (help.markdown.ts)
              dangerouslySetInnerHTML={{ __html: a.html }}
            />
          </Box>
          {a.related.length > 0 ? (
            <Card variant="outlined" component="aside" aria-labelledby="help-related" sx={{ alignSelf: 'start' }}>
              <CardContent>
                <Typography id="help-related" variant="h6" component="h2">
                  {t('help.related')}
                </Typography>
                <List dense>
                  {a.related.map((r) => (
                    <ListItem key={r.id} disablePadding>
                      <ListItemButton component={RouterLink} to={`/help/university/${r.id}`} sx={{ px: 1 }}>
                        <ListItemText primary={r.title} secondary={r.summary} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          ) : null}
        </Box>
      ) : null}
    </>
  );
}
