import type { RegistrationDetail } from '@fc/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Button, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDateTime } from '../shared/format';
import { RegistrationStatusChip } from '../shared/RegistrationStatusChip';
import { Row, Rows, Section } from '../shared/Section';
import { StepProgress } from '../shared/StepProgress';

/** Step 1 and the record: the registrant (and whether their e-mail is confirmed), progress, dates, salesperson. */
export function RegistrantSection({
  registration: r,
  onAssign,
}: {
  registration: RegistrationDetail;
  /** Opens the salesperson dialog; absent when the caller may not assign. */
  onAssign?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const p = r.registrantDetails;
  return (
    <Section title={t('registrations.view.registrant')} testId="registration-registrant">
      <Rows>
        <Row label={t('fields.name')}>{`${p.firstName} ${p.lastName}`}</Row>
        <Row label={t('fields.email')}>
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
            {p.email}
            <Box
              component="span"
              data-testid="registration-email-confirmed"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                color: p.emailConfirmed ? 'success.main' : 'warning.main',
              }}
            >
              {p.emailConfirmed ? (
                <CheckCircleIcon fontSize="small" aria-hidden />
              ) : (
                <ScheduleIcon fontSize="small" aria-hidden />
              )}
              <Typography component="span" variant="body2" sx={{ color: 'text.primary' }}>
                {p.emailConfirmed ? t('registrations.view.emailConfirmed') : t('registrations.view.emailNotConfirmed')}
              </Typography>
            </Box>
          </Box>
        </Row>
        <Row label={t('registrations.fields.language')}>{t(`languages.${r.language}`)}</Row>
        {r.existingTeam ? (
          <Row label={t('registrations.fields.existingTeam')}>
            <Link component={RouterLink} to={`/orgs/teams/view/${r.existingTeam.id}`}>
              {r.existingTeam.name}
            </Link>
          </Row>
        ) : null}
        <Row label={t('registrations.fields.progress')}>
          <StepProgress step={r.step} submitted={r.submittedAt !== null} width={160} />
        </Row>
        <Row label={t('registrations.fields.started')}>{dateTime(r.createdAt)}</Row>
        <Row label={t('registrations.fields.updated')}>{dateTime(r.updatedAt)}</Row>
        <Row label={t('registrations.fields.submitted')} testId="registration-submitted-at">
          {r.submittedAt ? dateTime(r.submittedAt) : t('registrations.view.notSubmitted')}
        </Row>
        <Row label={t('registrations.fields.salesperson')}>
          <span data-testid="registration-salesperson">{r.salesperson?.name ?? t('registrations.unassigned')}</span>
          {onAssign ? (
            <Button size="small" onClick={onAssign} sx={{ ml: 1 }} data-testid="registration-assign">
              {t('registrations.salesperson.change')}
            </Button>
          ) : null}
        </Row>
      </Rows>
    </Section>
  );
}

/** The decision (who, when, why) and what approval created, with links to the team and the draft campaign. */
export function DecisionSection({ registration: r }: { registration: RegistrationDetail }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const c = r.created;
  return (
    <Section title={t('registrations.view.decision')} testId="registration-decision">
      <Rows>
        <Row label={t('fields.status')}>
          <RegistrationStatusChip status={r.status} testId="registration-decision-status" />
        </Row>
        {r.decidedBy || r.decidedAt ? (
          <Row label={t('registrations.fields.decidedBy')} testId="registration-decided-by">
            {t('registrations.view.decidedBy', { name: r.decidedBy?.name ?? '—', date: dateTime(r.decidedAt) })}
          </Row>
        ) : null}
        {r.reason ? (
          <Row label={t('registrations.fields.reason')} testId="registration-reason">
            {r.reason}
          </Row>
        ) : null}
        {c ? (
          <>
            <Row label={t('registrations.fields.createdTeam')}>
              <Link component={RouterLink} to={`/orgs/teams/view/${c.teamId}`} data-testid="registration-created-team">
                {r.teamName ?? `#${c.teamId}`}
              </Link>
            </Row>
            <Row label={t('registrations.fields.createdCampaign')}>
              <Link
                component={RouterLink}
                to={`/campaigns/view/${c.campaignId}`}
                data-testid="registration-created-campaign"
              >
                {t('registrations.view.draftCampaign', { id: c.campaignId })}
              </Link>
            </Row>
          </>
        ) : null}
      </Rows>
    </Section>
  );
}
