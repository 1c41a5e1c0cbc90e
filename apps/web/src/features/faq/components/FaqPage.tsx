import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader';
import { SearchField } from '../../../components/ui/SearchField';
import { EmptyState } from '../../../components/ui/States';
import { FAQ, FAQ_CATEGORIES, searchFaq } from '../content/faq';

/** /pages/faq: searchable help content in the UI language. */
export function FaqPage() {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const entries = searchFaq(FAQ[i18n.language === 'es' ? 'es' : 'en'], query);
  return (
    <>
      <PageHeader
        title={t('faq.title')}
        subtitle={t('faq.subtitle')}
        actions={
          <Button component={RouterLink} to="/help/university" variant="outlined">
            {t('faq.university')}
          </Button>
        }
      />
      <SearchField
        label={t('faq.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        fullWidth
        sx={{ mb: 3 }}
        testId="faq-search"
      />
      {entries.length === 0 ? <EmptyState message={t('faq.noResults')} /> : null}
      {FAQ_CATEGORIES.map((category) => {
        const items = entries.filter((e) => e.category === category);
        if (items.length === 0) return null;
        return (
          <Box component="section" key={category} sx={{ mb: 3 }} aria-labelledby={`faq-${category}`}>
            <Typography id={`faq-${category}`} variant="h6" component="h2" sx={{ mb: 1 }}>
              {t(`faq.categories.${category}`)}
            </Typography>
            {items.map((item) => (
              <Accordion key={item.id} disableGutters data-testid={`faq-${item.id}`}>
                <AccordionSummary
                  expandIcon={<ExpandMoreIcon />}
                  aria-controls={`faq-${item.id}-a`}
                  id={`faq-${item.id}-q`}
                >
                  <Typography component="h3" sx={{ fontWeight: 500 }}>
                    {item.q}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails id={`faq-${item.id}-a`}>
                  <Typography color="text.secondary">{item.a}</Typography>
                </AccordionDetails>
              </Accordion>
            ))}
          </Box>
        );
      })}
    </>
  );
}
