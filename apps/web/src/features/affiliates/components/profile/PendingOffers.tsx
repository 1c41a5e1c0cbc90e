import type { AffiliateDetail, Program } from '@fc/contracts';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage, isApiError } from '../../../../lib/api/errors';
import { useAcceptOffer } from '../../api/actions';
import { usePrograms } from '../../api/programs';
import { useProgramTerms } from '../shared/useProgramTerms';

/**
 * The offers waiting for the affiliate: each program's terms to read, and Accept (POST
 * /affiliate/offer/accept with the version read: a newer one since is a 409, and the terms are read again).
 */
export function PendingOffers({ affiliate: a }: { affiliate: AffiliateDetail }) {
  const { t } = useTranslation();
  const offered = a.offers.filter((o) => o.status === 'offered');
  const programs = usePrograms(offered.length > 0);
  if (offered.length === 0) return null;
  const byId = new Map<number, Program>([
    ...(programs.data?.data ?? []).map((p) => [p.id, p] as const),
    ...a.programsDetail.map((p) => [p.id, p] as const),
  ]);
  return (
    <Card data-testid="pending-offers">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('affiliates.accept.title', { count: offered.length })}
        </Typography>
        <Stack spacing={2}>
          {offered.map((o) => {
            const p = byId.get(o.programId);
            return p ? (
              <OfferTerms key={o.id} offerId={o.id} program={p} />
            ) : (
              <Alert key={o.id} severity="info">
                {o.programName}
              </Alert>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}

function OfferTerms({ offerId, program: p }: { offerId: number; program: Program }) {
  const { t } = useTranslation();
  const toast = useToast();
  const accept = useAcceptOffer();
  const terms = useProgramTerms();
  const [read, setRead] = useState(false);
  const termsId = `offer-terms-${offerId}`;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }} data-testid={`pending-offer-${offerId}`}>
      <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
      {p.description ? <Typography variant="body2">{p.description}</Typography> : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {terms(p)}
      </Typography>
      <Typography variant="caption" color="text.secondary" id={`${termsId}-label`}>
        {t('affiliates.accept.termsLabel', { v: p.termsVersion })}
      </Typography>
      <Box
        id={termsId}
        role="region"
        aria-labelledby={`${termsId}-label`}
        tabIndex={0}
        sx={{
          maxHeight: 220,
          overflow: 'auto',
          whiteSpace: 'pre-line',
          bgcolor: 'action.hover',
          borderRadius: 1,
          p: 1.5,
          my: 1,
        }}
        data-testid={`offer-terms-${offerId}`}
      >
        {p.terms}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={read}
              onChange={(e) => setRead(e.target.checked)}
              slotProps={{ input: { 'data-testid': `offer-read-${offerId}` } as object }}
            />
          }
          label={t('affiliates.accept.read')}
          sx={{ flexGrow: 1 }}
        />
        <Button
          variant="contained"
          disabled={!read || accept.isPending}
          onClick={() =>
            accept.mutate(
              { offerId, termsVersion: p.termsVersion },
              {
                onSuccess: () => toast.success(t('affiliates.accept.done', { name: p.name })),
                onError: (e) =>
                  toast.error(
                    isApiError(e) && e.status === 409
                      ? t('affiliates.accept.changed')
                      : errorMessage(e, t('errors.generic')),
                  ),
              },
            )
          }
          data-testid={`offer-accept-${offerId}`}
        >
          {t('affiliates.accept.button')}
        </Button>
      </Stack>
    </Box>
  );
}
