import { OrgListPage } from '../list/OrgListPage';

/**
 * /orgs/teams/add-team (spec §4 routes): the teams list with the "Add team" dialog open over
 * it, the same dialog as every other type's "Add" (closing it returns to /orgs/teams/list).
 */
export function AddTeamPage() {
  return <OrgListPage typeId={3} startAdding />;
}
