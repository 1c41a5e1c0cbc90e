import { Navigate, useSearchParams } from 'react-router';
import { HelpHomePage } from '../../features/help/components/pages';
import { helpHref } from '../routes/help';
import { routes } from '../routes/routes';

/**
 * /help/university. With `?for=<console address>` (the top bar's help button) it opens that
 * page's article instead (app/routes/help.ts): the route → article map loads with the help
 * centre, not with the console shell.
 */
export function HelpHomeRoute() {
  const [params] = useSearchParams();
  const from = params.get('for');
  const href = from?.startsWith('/') ? helpHref(routes, from) : undefined;
  return href ? <Navigate to={href} replace /> : <HelpHomePage />;
}
