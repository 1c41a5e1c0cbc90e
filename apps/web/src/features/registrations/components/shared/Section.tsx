import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A card with a heading, an optional Edit button, and its content (`Rows` of label/value pairs, or a note). */
export function Section({
  title,
  onEdit,
  testId,
  children,
}: {
  title: string;
  onEdit?: (() => void) | undefined;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid={testId} component="section" aria-label={title}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {onEdit ? (
            <Button
              size="small"
              startIcon={<EditIcon />}
              onClick={onEdit}
              aria-label={t('registrations.view.editSection', { section: title })}
              data-testid={`${testId}-edit`}
            >
              {t('common.edit')}
            </Button>
          ) : null}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label/value rows: a description list. */
export function Rows({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {children}
    </Box>
  );
}

/** One label/value row (label above the value on phones). */
export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 38%) 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
      }}
    >
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** A sub-heading inside a section (each contact). */
export function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
      {children}
    </Typography>
  );
}
