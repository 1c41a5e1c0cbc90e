import type { AtRiskPlayer, NodeDashboard, NudgeResult } from '@fc/contracts';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api/errors';
import { useNudge } from '../../api/dashboards';
import { Section } from '../shared/Figures';
import { useMoney } from '../shared/format';

const OUTCOMES = ['sent', 'recently_nudged', 'not_at_risk', 'no_family', 'opted_out', 'limit'] as const;

/** How many of each outcome a nudge had, in a fixed order (only those that happened). */
export function summarize(results: NudgeResult[]): { outcome: NudgeResult['outcome']; count: number }[] {
  return OUTCOMES.map((outcome) => ({ outcome, count: results.filter((r) => r.outcome === outcome).length })).filter(
    (o) => o.count > 0,
  );
}

/**
 * Players at risk with their reasons and the rules behind them; chosen families get a reminder
 * (POST /dashboards/nudge, through the bulk-message path and its limits) after a confirmation.
 */
export function AtRiskSection({ atRisk, extraAction }: { atRisk: NodeDashboard['atRisk']; extraAction?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const nudge = useNudge();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [results, setResults] = useState<NudgeResult[] | null>(null);
  const titleId = useId();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const nudgeable = atRisk.players.filter((p) => p.canNudge);
  const allChosen = nudgeable.length > 0 && nudgeable.every((p) => chosen.has(p.campaignFundraiserId));

  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const send = () => {
    nudge.mutate([...chosen], {
      onSuccess: (res) => {
        setResults(res);
        setChosen(new Set());
        setConfirming(false);
      },
    });
  };

  const rules = t('dashboards.atRisk.rules', {
    minContacts: atRisk.rules.minContacts,
    days: atRisk.rules.nothingRaisedAfterDays,
  });
  return (
    <Section
      title={t('dashboards.atRisk.title', { count: atRisk.total })}
      help={rules}
      testId="at-risk"
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {extraAction}
          <Button
            variant="contained"
            size="small"
            startIcon={<SendIcon />}
            disabled={chosen.size === 0}
            onClick={() => setConfirming(true)}
            data-testid="nudge-button"
          >
            {t('dashboards.atRisk.nudge', { count: chosen.size })}
          </Button>
        </Stack>
      }
    >
      {results ? (
        <Alert
          severity={results.some((r) => r.outcome === 'sent') ? 'success' : 'info'}
          onClose={() => setResults(null)}
          sx={{ mb: 2 }}
          data-testid="nudge-summary"
        >
          <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
            {t('dashboards.atRisk.resultTitle')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {summarize(results).map((o) => (
              <li key={o.outcome} data-testid={`nudge-outcome-${o.outcome}`}>
                {t(`dashboards.atRisk.outcomes.${o.outcome}`, { count: o.count })}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {atRisk.players.length === 0 ? (
        <Typography color="text.secondary" data-testid="at-risk-empty">
          {t('dashboards.atRisk.none')}
        </Typography>
      ) : (
        <>
          <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', cursor: 'pointer' }}>
            <Checkbox
              checked={allChosen}
              indeterminate={!allChosen && chosen.size > 0}
              disabled={nudgeable.length === 0}
              onChange={() => setChosen(allChosen ? new Set() : new Set(nudgeable.map((p) => p.campaignFundraiserId)))}
              data-testid="at-risk-all"
            />
            <Typography component="span" variant="body2">
              {t('dashboards.atRisk.chooseAll')}
            </Typography>
          </Box>
          <List dense aria-label={t('dashboards.atRisk.listLabel')} data-testid="at-risk-list">
            {atRisk.players.map((p) => (
              <AtRiskRow
                key={p.campaignFundraiserId}
                p={p}
                chosen={chosen.has(p.campaignFundraiserId)}
                onToggle={() => toggle(p.campaignFundraiserId)}
                raised={money(p.raisedCents)}
                nudgedAt={p.lastNudgedAt ? when.format(new Date(p.lastNudgedAt)) : null}
                rules={atRisk.rules}
              />
            ))}
          </List>
          {atRisk.total > atRisk.players.length ? (
            <Typography variant="body2" color="text.secondary">
              {t('dashboards.atRisk.more', { shown: atRisk.players.length, total: atRisk.total })}
            </Typography>
          ) : null}
        </>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={`${titleId}-d`}
        data-testid="nudge-dialog"
      >
        <DialogTitle id={`${titleId}-d`}>{t('dashboards.atRisk.confirmTitle')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" data-testid="nudge-confirm-text">
            {t('dashboards.atRisk.confirmBody', { count: chosen.size })}
          </Typography>
          {nudge.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(nudge.error, t('errors.generic'))}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={nudge.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={send} disabled={nudge.isPending} data-testid="nudge-confirm">
            {t('dashboards.atRisk.send', { count: chosen.size })}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

interface RowProps {
  p: AtRiskPlayer;
  chosen: boolean;
  onToggle: () => void;
  raised: string;
  nudgedAt: string | null;
  rules: NodeDashboard['atRisk']['rules'];
}

function AtRiskRow({ p, chosen, onToggle, raised, nudgedAt, rules }: RowProps) {
  const { t } = useTranslation();
  const labelId = `at-risk-${p.campaignFundraiserId}`;
  return (
    <ListItem
      disableGutters
      divider
      data-testid={`at-risk-${p.campaignFundraiserId}`}
      sx={{ alignItems: 'flex-start' }}
    >
      <Checkbox
        checked={chosen}
        disabled={!p.canNudge}
        onChange={onToggle}
        slotProps={{ input: { 'aria-labelledby': labelId } }}
        data-testid={`at-risk-check-${p.campaignFundraiserId}`}
        sx={{ mt: -0.5 }}
      />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography id={labelId} sx={{ fontWeight: 500 }}>
          {p.playerName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[p.campaignTitle, p.divisionName].filter(Boolean).join(' · ')}
          {' · '}
          {t('dashboards.atRisk.figures', { contacts: p.contacts, raised })}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
          {p.reasons.map((r) => (
            <Chip
              key={r}
              size="small"
              variant="outlined"
              label={t(`dashboards.atRisk.reasons.${r}`, {
                min: rules.minContacts,
                days: rules.nothingRaisedAfterDays,
              })}
            />
          ))}
        </Stack>
        {nudgedAt ? (
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            data-testid={`at-risk-nudged-${p.campaignFundraiserId}`}
          >
            {t('dashboards.atRisk.nudgedAt', { when: nudgedAt })}
          </Typography>
        ) : !p.canNudge ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('dashboards.atRisk.cannotNudge')}
          </Typography>
        ) : null}
      </Box>
    </ListItem>
  );
}
