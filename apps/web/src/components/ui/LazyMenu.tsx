import type { MenuProps } from '@mui/material/Menu';
import { lazy, Suspense, useState } from 'react';

// The popover machinery (Menu, Popover, Modal, transitions) loads when a menu first opens:
// the console's header shows three menus that most page views never open.
const Menu = lazy(() => import('@mui/material/Menu'));

/** MUI's Menu, loaded on its first opening (it then stays mounted for its closing transition). */
export function LazyMenu(props: MenuProps) {
  const [opened, setOpened] = useState(false);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}
