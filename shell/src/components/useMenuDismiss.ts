// The header's menus (account, notifications) close the same way: a pointer
// down outside them closes; Escape closes and gives focus back to the button
// that opened them. `onOpen` runs once each time the menu opens (to focus its
// first item); it is read through a ref, so a new function each render does
// not reopen anything.
import { useEffect, useRef, type RefObject } from 'react';

export function useMenuDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  { container, button, onOpen }: { container: RefObject<HTMLElement | null>; button: RefObject<HTMLElement | null>; onOpen: () => void },
): void {
  const opened = useRef(onOpen);
  // Declared first, so it runs before the effect below in the same commit.
  useEffect(() => {
    opened.current = onOpen;
  });
  useEffect(() => {
    if (!open) return undefined;
    opened.current();
    const onPointerDown = (event: Event) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, setOpen, container, button]);
}
