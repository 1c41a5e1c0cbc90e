import type { RegistrationContact, RegistrationDetail } from '@fc/contracts';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCalendarDate, useMoney } from '../shared/format';
import { Row, Rows, Section, SubHeading } from '../shared/Section';

/** The four answer sections that staff may edit (steps 2 to 5); step 1 is the registrant, 6 the submission. */
export type EditableStep = 'organization' | 'team' | 'contacts' | 'fundraising';

interface SectionsProps {
  registration: RegistrationDetail;
  /** Opens a step's edit dialog; absent when the caller may not edit. */
  onEdit?: ((step: EditableStep) => void) | undefined;
}

function NotAnswered() {
  const { t } = useTranslation();
  return (
    <Typography color="text.secondary" data-testid="registration-not-answered">
      {t('registrations.view.notAnswered')}
    </Typography>
  );
}

function Contact({ label, contact, testId }: { label: string; contact: RegistrationContact | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <SubHeading>{label}</SubHeading>
      {contact ? (
        <Rows>
          <Row label={t('fields.name')} testId={`${testId}-name`}>
            {`${contact.firstName} ${contact.lastName}`}
          </Row>
          <Row label={t('fields.email')}>{contact.email}</Row>
          <Row label={t('registrations.fields.phone')}>{contact.phone || '—'}</Row>
        </Rows>
      ) : (
        <Typography color="text.secondary">{t('registrations.view.noContact')}</Typography>
      )}
    </>
  );
}

/** Every answer of steps 2 to 5, in readable sections (money formatted, dates in the UI language). */
export function AnswerSections({ registration: r, onEdit }: SectionsProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useCalendarDate();
  const { organization: org, team, contacts, fundraising: fund } = r.answers;
  const edit = (step: EditableStep) => (onEdit ? () => onEdit(step) : undefined);
  return (
    <>
      <Section
        title={t('registrations.steps.organization')}
        onEdit={edit('organization')}
        testId="registration-organization"
      >
        {!org ? (
          <NotAnswered />
        ) : org.mode === 'existing' ? (
          <Rows>
            <Row label={t('registrations.fields.choice')}>{t('registrations.view.existingOrg')}</Row>
            <Row label={t('fields.name')} testId="registration-org-name">
              {r.organizationName ?? `#${org.organizationId}`}
            </Row>
          </Rows>
        ) : (
          <Rows>
            <Row label={t('registrations.fields.choice')}>{t('registrations.view.newOrg')}</Row>
            <Row label={t('registrations.fields.orgType')}>{t(`registrations.orgTypes.${org.type}`)}</Row>
            <Row label={t('fields.name')} testId="registration-org-name">
              {org.name}
            </Row>
            <Row label={t('registrations.fields.webAddress')}>{org.slug}</Row>
            <Row label={t('registrations.fields.place')}>{`${org.city}, ${org.state}`}</Row>
          </Rows>
        )}
      </Section>
      <Section title={t('registrations.steps.team')} onEdit={edit('team')} testId="registration-team">
        {team ? (
          <Rows>
            <Row label={t('fields.name')} testId="registration-team-name">
              {team.name}
            </Row>
            <Row label={t('registrations.fields.sport')}>{t(`registrations.sports.${team.sport}`)}</Row>
            <Row label={t('registrations.fields.ageGroup')}>{team.ageGroup}</Row>
            <Row label={t('registrations.fields.season')}>{team.season}</Row>
            <Row label={t('registrations.fields.rosterSize')}>{team.rosterSize}</Row>
            <Row label={t('registrations.fields.webAddress')}>{team.slug}</Row>
          </Rows>
        ) : (
          <NotAnswered />
        )}
      </Section>
      <Section title={t('registrations.steps.contacts')} onEdit={edit('contacts')} testId="registration-contacts">
        {contacts ? (
          <>
            <Contact label={t('registrations.contacts.admin')} contact={contacts.admin} testId="registration-admin" />
            <Contact label={t('registrations.contacts.coach')} contact={contacts.coach} testId="registration-coach" />
            <Contact
              label={t('registrations.contacts.treasurer')}
              contact={contacts.treasurer}
              testId="registration-treasurer"
            />
          </>
        ) : (
          <NotAnswered />
        )}
      </Section>
      <Section
        title={t('registrations.steps.fundraising')}
        onEdit={edit('fundraising')}
        testId="registration-fundraising"
      >
        {fund ? (
          <Rows>
            <Row label={t('registrations.fields.goal')} testId="registration-goal">
              {money(fund.goalCents)}
            </Row>
            <Row label={t('registrations.fields.playerGoal')}>{money(fund.playerGoalCents)}</Row>
            <Row label={t('registrations.fields.dates')} testId="registration-dates">
              {t('registrations.view.dateRange', { start: date(fund.startDate), end: date(fund.endDate) })}
            </Row>
            <Row label={t('registrations.fields.purpose')}>{fund.purpose}</Row>
          </Rows>
        ) : (
          <NotAnswered />
        )}
      </Section>
    </>
  );
}
