import { useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from '@agentflow/shared';

/**
 * An open/closed flag (a menu's) that closes when the path changes: a user who
 * followed a link wants the page, not the menu. The reset happens while
 * rendering the new path rather than in an effect afterwards, so no frame
 * shows the new page under the old open menu and no second render cascades.
 */
export function useOpenUntilNavigation(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [renderedPath, setRenderedPath] = useState(pathname);
  if (renderedPath !== pathname) {
    setRenderedPath(pathname);
    setOpen(false);
  }
  return [open, setOpen];
}
