/** Route modules of the ACL feature, loaded lazily by app/routes/pages.ts. */
export { AccessControlPage } from './AccessControlPage';
export { PermissionsPage } from './PermissionsPage';
export { RolesPage } from './RolesPage';
