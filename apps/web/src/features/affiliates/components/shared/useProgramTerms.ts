import { bpsToPercent, type Program } from '@fc/contracts';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../../lib/format';

/** Basis points as a percent with up to two decimals, in the UI language ("12.5%", "12,5 %"). */
export function useBpsPercent() {
  const { i18n } = useTranslation();
  const f = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const es = i18n.language.startsWith('es');
  return (bps: number) => `${f.format(bpsToPercent(bps))}${es ? '\u00a0%' : '%'}`;
}

/** What a program pays, in one line: "10 % of the platform fee · $50 per team raising $500". */
export function useProgramTerms() {
  const { t } = useTranslation();
  const money = useMoney();
  const percent = useBpsPercent();
  return (p: Pick<Program, 'giftShareBps' | 'teamFlatCents' | 'teamQualifyCents'>) =>
    [
      p.giftShareBps > 0 ? t('affiliates.programs.giftShare', { percent: percent(p.giftShareBps) }) : null,
      p.teamFlatCents > 0
        ? p.teamQualifyCents > 0
          ? t('affiliates.programs.teamFlatQualify', {
              amount: money(p.teamFlatCents),
              qualify: money(p.teamQualifyCents),
            })
          : t('affiliates.programs.teamFlat', { amount: money(p.teamFlatCents) })
        : null,
    ]
      .filter(Boolean)
      .join(' · ');
}
