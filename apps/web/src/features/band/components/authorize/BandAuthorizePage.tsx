import type { BandActivationStatus } from '@fc/contracts';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LanguageButtons } from '../../../../components/ui/LanguageButtons';
import { postBandAuth } from '../../api/band';
import { BandLogo } from '../BandLogo';

/** The spec's title (§2), its spelling included. */
export const BAND_AUTHORIZE_TITLE = 'FYS Registration - Band Ingtegration';

/**
 * One POST per code for the life of the page: BAND's codes are single-use, and a second mount
 * (StrictMode, a language switch that remounts) must read the first answer, not spend the code
 * again and get "error".
 */
const outcomes = new Map<string, Promise<BandActivationStatus>>();
function linkOnce(code: string, state: string): Promise<BandActivationStatus> {
  const key = `${code}\n${state}`;
  let outcome = outcomes.get(key);
  if (!outcome) {
    outcome = postBandAuth(code, state);
    outcomes.set(key, outcome);
  }
  return outcome;
}

const MESSAGE: Record<BandActivationStatus, string> = {
  error: 'band.authorize.error',
  Existing: 'band.authorize.existing',
  success: 'band.authorize.success',
};
const SEVERITY = { error: 'error', Existing: 'info', success: 'success' } as const;

/**
 * `/band/authorize?code&state` (spec §2 "Band account link result page"): where BAND (or the
 * sandbox consent page) sends the popup back. Posts the code once, shows the spec's message for
 * the outcome (§8) and a Close Window button. Works signed in or not: it opens from the console.
 */
export function BandAuthorizePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const state = params.get('state')?.trim() ?? '';
  // BAND (or the person, on the consent page) refused: nothing to post.
  const refused = params.has('error') || !code || !state;
  const [outcome, setOutcome] = useState<BandActivationStatus | null>(refused ? 'error' : null);
  const [stuck, setStuck] = useState(false);

  useEffect(() => {
    const before = document.title;
    document.title = BAND_AUTHORIZE_TITLE;
    return () => {
      document.title = before;
    };
  }, []);

  useEffect(() => {
    if (refused) return;
    let live = true;
    void linkOnce(code, state).then((result) => {
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [code, state, refused]);

  // The console (its BAND panel) refreshes when this popup closes or it regains focus; tell it now too.
  useEffect(() => {
    if (!outcome || !window.opener) return;
    try {
      (window.opener as Window).postMessage({ type: 'fc-band-auth', outcome }, window.location.origin);
    } catch {
      // An opener from another origin: it refreshes on focus instead.
    }
  }, [outcome]);

  const close = () => {
    window.close();
    // A window the script did not open stays open: offer the way back instead.
    window.setTimeout(() => {
      if (!window.closed) setStuck(true);
    }, 300);
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 480 }} data-testid="band-authorize">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <BandLogo size={36} />
            <Typography variant="h5" component="h1">
              {t('band.authorize.heading')}
            </Typography>
          </Stack>
          {outcome === null ? (
            <Box
              role="status"
              aria-live="polite"
              sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}
              data-testid="band-authorize-pending"
            >
              <CircularProgress size={28} aria-hidden />
              <Typography>{t('band.authorize.linking')}</Typography>
            </Box>
          ) : (
            <Alert
              severity={SEVERITY[outcome]}
              role="status"
              data-testid="band-authorize-message"
              data-outcome={outcome}
            >
              {t(MESSAGE[outcome])}
            </Alert>
          )}
          <Stack spacing={2} sx={{ mt: 3 }}>
            <Button variant="contained" onClick={close} disabled={outcome === null} data-testid="band-close-window">
              {t('band.authorize.close')}
            </Button>
            {stuck ? (
              <Typography variant="body2" color="text.secondary" data-testid="band-cannot-close">
                {t('band.authorize.cannotClose')}{' '}
                <Link component={RouterLink} to="/" data-testid="band-back-to-console">
                  {t('band.authorize.backToConsole')}
                </Link>
              </Typography>
            ) : null}
          </Stack>
          <LanguageButtons testIdPrefix="band-lang" />
        </CardContent>
      </Card>
    </Box>
  );
}
