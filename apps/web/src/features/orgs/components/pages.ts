/** Route modules of the organization hierarchy (one lazy chunk with the DataGrid). */
export { AddTeamPage } from './add-team/AddTeamPage';
export { OrgListPage } from './list/OrgListPage';
export { OrgViewPage, type OrgViewParts } from './view/OrgViewPage';
