import type { OrgDetail, OrgRollup } from '@fc/contracts';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../../lib/money';

type Count = Exclude<keyof OrgRollup, 'raisedCents'>;
/** Figures that can sit below a node of each type (the node's own type is not counted). */
const FIGURES: Record<number, Count[]> = {
  1: ['leagues', 'teams', 'divisions', 'players', 'members'],
  2: ['teams', 'divisions', 'players', 'members'],
  3: ['divisions', 'players', 'members'],
  4: ['players', 'members'],
};

function Figure({ id, value, label }: { id: string; value: string; label: string }) {
  return (
    <Card>
      <CardContent>
        {/* Smaller on a phone, where two cards share a row, so "610 US$" fits; longer amounts wrap. */}
        <Typography
          variant="h4"
          component="p"
          data-testid={`rollup-${id}`}
          sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}
        >
          {value}
        </Typography>
        <Typography color="text.secondary">{label}</Typography>
      </CardContent>
    </Card>
  );
}

/** Figures for the whole subtree, always current (computed by the server on each view). */
export function RollupCards({ node }: { node: OrgDetail }) {
  const { t, i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  const money = useMoney();
  const figures = FIGURES[node.typeId] ?? [];
  const { rollup } = node;
  return (
    <Box
      component="section"
      aria-label={t('orgs.rollup.label')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' }}
      data-testid="org-rollup"
    >
      {figures.map((f) => (
        <Figure key={f} id={f} value={count.format(rollup[f])} label={t(`orgs.rollup.${f}`)} />
      ))}
      <Figure
        id="activeCampaigns"
        value={count.format(rollup.activeCampaigns)}
        label={t('orgs.rollup.activeCampaigns')}
      />
      <Figure id="raised" value={money(rollup.raisedCents, { whole: true })} label={t('orgs.rollup.raised')} />
      <Figure id="donors" value={count.format(rollup.donors)} label={t('orgs.rollup.donors')} />
    </Box>
  );
}
