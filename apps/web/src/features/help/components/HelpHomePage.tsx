import { Box, Button, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState } from '../../../components/ui/States';
import { useUniversity } from '../api/help';
import { HelpSearch } from './HelpSearch';

export const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
};

/** /help/university: the search box and the grid of modules. */
export function HelpHomePage() {
  const { t } = useTranslation();
  const university = useUniversity();
  return (
    <>
      <PageHeader
        title={t('help.title')}
        subtitle={t('help.subtitle')}
        actions={
          <Button component={RouterLink} to="/pages/faq" variant="outlined">
            {t('help.faqLink')}
          </Button>
        }
      />
      <HelpSearch />
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('help.topics')}
      </Typography>
      {university.isError ? <ErrorState error={university.error} onRetry={() => university.refetch()} /> : null}
      <Box sx={GRID} data-testid="help-modules">
        {university.isPending
          ? [1, 2, 3].map((n) => <Skeleton key={n} variant="rounded" height={128} />)
          : (university.data?.data.modules ?? []).map((m) => (
              <Card key={m.slug} variant="outlined">
                <CardActionArea component={RouterLink} to={`/help/university/${m.slug}`} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h3">
                      {m.title}
                    </Typography>
                    <Typography color="text.secondary" sx={{ my: 1 }}>
                      {m.description}
                    </Typography>
                    <Typography variant="body2" color="primary">
                      {t('help.articles', { count: m.articleCount })}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
      </Box>
    </>
  );
}
