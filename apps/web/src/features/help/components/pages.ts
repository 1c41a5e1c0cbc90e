/** The help centre's route pages (app/routes/pages.ts loads this module lazily). */
export { HelpArticlePage } from './HelpArticlePage';
export { HelpHomePage } from './HelpHomePage';
export { HelpModulePage } from './HelpModulePage';
