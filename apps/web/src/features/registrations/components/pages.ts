/** Route modules of this feature (one lazy chunk: the list and the record). */
export { RegistrationListPage } from './list/RegistrationListPage';
export { RegistrationViewPage } from './view/RegistrationViewPage';
