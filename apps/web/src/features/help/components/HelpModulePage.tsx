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
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState } from '../../../components/ui/States';
import { isApiError } from '../../../lib/api/errors';
import { useHelpModule } from '../api/help';
import { GRID } from './HelpHomePage';
import { HelpNotFound } from './HelpNotFound';

/** /help/university/{slug}: one module, its categories and their articles. */
export function HelpModulePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const query = useHelpModule(slug);
  if (query.isError && isApiError(query.error) && [400, 404].includes(query.error.status)) return <HelpNotFound />;
  const m = query.data?.data;
  return (
    <>
      <Breadcrumbs aria-label={t('help.breadcrumb')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/help/university" underline="hover">
          {t('help.title')}
        </Link>
        {m ? <Typography color="text.primary">{m.title}</Typography> : null}
      </Breadcrumbs>
      {query.isError ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : null}
      {query.isPending ? <Skeleton variant="rounded" height={160} /> : null}
      {m ? (
        <>
          <PageHeader title={m.title} subtitle={m.description} />
          <Box sx={{ ...GRID, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {m.categories.map((c) => (
              <Card key={c.slug} variant="outlined" component="section" aria-labelledby={`help-${c.slug}`}>
                <CardContent>
                  <Typography id={`help-${c.slug}`} variant="h6" component="h2">
                    {c.title}
                  </Typography>
                  <List dense>
                    {c.articles.map((a) => (
                      <ListItem key={a.id} disablePadding>
                        <ListItemButton component={RouterLink} to={`/help/university/${a.id}`} sx={{ px: 1 }}>
                          <ListItemText
                            primary={a.title}
                            secondary={a.summary}
                            slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                          />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
              </Card>
            ))}
          </Box>
        </>
      ) : null}
    </>
  );
}
