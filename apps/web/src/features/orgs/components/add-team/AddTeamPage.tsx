import { Card, CardContent } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { CreateOrgForm } from '../shared/CreateOrgForm';
import { listPath, viewPath } from '../shared/orgTypes';

/** /orgs/teams/add-team: create a team under a league or an organization, then open it. */
export function AddTeamPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('orgs.add.team')} subtitle={t('orgs.addTeam.subtitle')} />
      <Card sx={{ maxWidth: 720 }}>
        <CardContent>
          <CreateOrgForm
            typeOptions={[3]}
            submitLabel={t('orgs.addTeam.submit')}
            onCancel={() => navigate(listPath(3))}
            onCreated={(node) => navigate(viewPath(node.typeId, node.id))}
          />
        </CardContent>
      </Card>
    </>
  );
}
